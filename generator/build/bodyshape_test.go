package build

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBodyShapes: the requestBody argument schema and the encoding object
// inspect carries, per kind of media type.
func TestBodyShapes(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: Files, version: "1"}
servers: [{url: "https://files.example"}]
paths:
  /upload:
    post:
      operationId: upload
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                meta: {type: object, properties: {k: {type: string}}}
                photo: {type: string, format: binary, description: the picture}
                extra: {type: array, items: {type: string, format: binary}}
            encoding:
              meta: {contentType: application/json}
              photo: {contentType: "image/png, image/jpeg"}
      responses: {"204": {description: ok}}
  /blob:
    put:
      operationId: putBlob
      requestBody:
        required: true
        content:
          application/octet-stream: {schema: {type: string, format: binary}}
      responses: {"204": {description: ok}}
  /pets:
    post:
      operationId: addPet
      requestBody:
        content:
          application/json: {schema: {type: object, properties: {name: {type: string}}}}
          application/xml: {schema: {type: object, properties: {name: {type: string}}}}
          application/x-www-form-urlencoded:
            schema: {type: object, properties: {name: {type: string}, tags: {type: array, items: {type: string}}}}
            encoding:
              tags: {style: pipeDelimited, explode: false}
      responses: {"204": {description: ok}}
`
	api, msgs := buildFiles(t, map[string]string{"files.yaml": spec}, []string{"files.yaml"}, Options{})
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %v", msgs)
	}
	eps := endpoints(api.Specs[0])
	upload, blob, pets := eps[0], eps[1], eps[2]
	tests := []struct{ name, got, want string }{
		{"multipart input", upload.InputSchema, `{"type":"object","properties":{"requestBody":{"type":"object","properties":{` +
			`"meta":{"type":"object","properties":{"k":{"type":"string"}}},` +
			`"photo":{"description":"the picture",` + fileShape[1:] + `,` +
			`"extra":{"type":"array","items":` + fileShape + `}}}}}`},
		{"multipart operation", upload.Operation, `{"id":"upload","deprecated":false,"requestBody":{"required":false,"content":{` +
			`"multipart/form-data":{"schema":{"type":"object","properties":{"meta":{"type":"object","properties":{"k":{"type":"string"}}},` +
			`"photo":{"type":"string","format":"binary","description":"the picture"},"extra":{"type":"array","items":{"type":"string","format":"binary"}}}},` +
			`"encoding":{"meta":{"contentType":"application/json"},"photo":{"contentType":"image/png, image/jpeg"}}}}},` +
			`"responses":{"204":{"description":"ok"}}}`},
		{"binary input", blob.InputSchema, `{"type":"object","properties":{"requestBody":` + base64Shape + `},"required":["requestBody"]}`},
		{"JSON, XML and form input", pets.InputSchema, `{"type":"object","properties":{"requestBody":{"anyOf":[` +
			`{"type":"object","properties":{"name":{"type":"string"}}},` +
			`{"type":"object","properties":{"name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}}}]},` +
			`"mediaType":{"enum":["application/json","application/xml","application/x-www-form-urlencoded"],"default":"application/json"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestMultipartByReference: a multipart body given as a $ref to a component
// still gets file objects for its binary fields; its nested references stay.
func TestMultipartByReference(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: Files, version: "1"}
servers: [{url: "https://files.example"}]
paths:
  /upload:
    post:
      operationId: upload
      requestBody:
        description: the upload
        content:
          multipart/form-data:
            schema: {$ref: "#/components/schemas/Upload"}
      responses: {"204": {description: ok}}
  /note:
    post:
      operationId: note
      requestBody:
        content:
          multipart/form-data:
            schema: {$ref: "#/components/schemas/Meta"}
      responses: {"204": {description: ok}}
components:
  schemas:
    Upload:
      type: object
      required: [file]
      properties:
        file: {type: string, format: binary}
        meta: {$ref: "#/components/schemas/Meta"}
    Meta:
      type: object
      properties:
        k: {type: string}
`
	api, msgs := buildFiles(t, map[string]string{"files.yaml": spec}, []string{"files.yaml"}, Options{})
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %v", msgs)
	}
	eps := endpoints(api.Specs[0])
	tests := []struct{ name, got, want string }{
		{"binary field inlined as a file", eps[0].InputSchema, `{"type":"object","properties":{"requestBody":` +
			`{"description":"the upload","type":"object","required":["file"],"properties":{"file":` + fileShape +
			`,"meta":{"$ref":"#/$defs/Meta"}}}}}`},
		{"no binary field: the reference stays", eps[1].InputSchema,
			`{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Meta"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
