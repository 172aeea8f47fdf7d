package search

import "github.com/swag2mcp/swag2mcp/runtime/catalog"

// testCatalog is a small pet store; endpoint indexes are named in comments.
func testCatalog() *catalog.Catalog {
	return &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "petstore"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Petstore"}},
		Tags: []catalog.Tag{
			{ID: "t0", Name: "pets", Description: "Everything about your pets"},
			{ID: "t1", Name: "store"},
			{ID: "t2", Name: "users"},
			{ID: "t3", Name: "Health Checks"},
		},
		Endpoints: []catalog.Endpoint{
			/* 0 */ {ID: "e0", Tag: 0, Method: "GET", Path: "/api/v1/pets", OperationID: "listPets", Summary: "List all pets",
				Params: []catalog.Param{{Name: "limit", In: "query"}}},
			/* 1 */ {ID: "e1", Tag: 0, Method: "POST", Path: "/api/v1/pets", OperationID: "createPet", Summary: "Create a pet",
				Description: catalog.Text("Adds a <b>new</b> pet to the [store](https://example.com/docs).")},
			/* 2 */ {ID: "e2", Tag: 0, Method: "GET", Path: "/api/v1/pets/{petId}", OperationID: "getPetById", Summary: "Find pet by ID",
				Params: []catalog.Param{{Name: "petId", In: "path"}}},
			/* 3 */ {ID: "e3", Tag: 0, Method: "DELETE", Path: "/api/v1/pets/{petId}", OperationID: "deletePet", Summary: "Delete a pet",
				Params: []catalog.Param{{Name: "petId", In: "path"}}},
			/* 4 */ {ID: "e4", Tag: 1, Method: "GET", Path: "/api/v1/store/inventory", OperationID: "getInventory", Summary: "Returns pet inventories by status"},
			/* 5 */ {ID: "e5", Tag: 1, Method: "POST", Path: "/api/v1/store/orders", OperationID: "placeOrder", Summary: "Place an order for a pet"},
			/* 6 */ {ID: "e6", Tag: 2, Method: "GET", Path: "/api/v1/users", OperationID: "listUsers", Summary: "List users"},
			/* 7 */ {ID: "e7", Tag: 2, Method: "GET", Path: "/api/v1/users/{username}", OperationID: "getUserByName", Summary: "Get user by user name",
				Params: []catalog.Param{{Name: "username", In: "path"}}},
			/* 8 */ {ID: "e8", Tag: 2, Method: "DELETE", Path: "/api/v1/users/{username}", OperationID: "deleteUser", Summary: "Delete user",
				Description: catalog.Text("This can only be done by the logged in user.")},
			/* 9 */ {ID: "e9", Tag: 3, Method: "GET", Path: "/health", OperationID: "ping", Summary: "Health check"},
		},
	}
}

// tagCatalog is a catalog of one spec whose endpoints eps all have one tag.
func tagCatalog(tag string, eps ...catalog.Endpoint) *catalog.Catalog {
	return &catalog.Catalog{
		Specs: []catalog.Spec{{ID: "s"}}, Collections: []catalog.Collection{{ID: "c"}}, Tags: []catalog.Tag{{ID: "t", Name: tag}},
		Endpoints: eps,
	}
}
