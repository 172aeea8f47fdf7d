package build

const petstore = `openapi: 3.0.3
info:
  title: Swagger Petstore
  version: 1.0.0
  description: A <pet> store
servers:
  - url: https://{env}.example.com/v1
    variables:
      env: {default: api}
tags:
  - name: store
    description: Store orders
  - name: pets
    description: Everything about pets
paths:
  /pets:
    get:
      operationId: listPets
      summary: List all pets
      tags: [pets]
      parameters:
        - name: limit
          in: query
          description: How many items to return at one time (max 100)
          required: false
          schema: {type: integer, format: int32}
        - name: tags
          in: query
          style: form
          explode: false
          schema: {type: array, items: {type: string}}
      responses:
        "200":
          description: A paged array of pets
          headers:
            x-next:
              description: A link to the next page of responses
              schema: {type: string}
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pets"}
        default:
          description: unexpected error
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
    post:
      operationId: createPets
      summary: Create a pet
      tags: [pets]
      requestBody:
        required: true
        content:
          application/xml:
            schema: {$ref: "#/components/schemas/Pet"}
          application/json:
            schema: {$ref: "#/components/schemas/Pet"}
      responses:
        "201": {description: Null response}
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        description: The id of the pet to retrieve
        schema: {type: string}
    get:
      operationId: showPetById
      summary: Info for a specific pet
      tags: [pets, store]
      responses:
        "200":
          description: Expected response to a valid request
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pet"}
    delete:
      responses:
        "204": {description: deleted}
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: {type: integer, format: int64}
        name: {type: string}
        tag: {type: string}
    Pets:
      type: array
      items: {$ref: "#/components/schemas/Pet"}
    Error:
      type: object
      properties:
        code: {type: integer}
        message: {type: string}
`
