package client_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/m0-orchestration/m0/orchestration/client"
)

func ExampleGraphQLAuthHeader() {
	name, value := client.GraphQLAuthHeader("my-key")
	fmt.Printf("%s: %s\n", name, value)
	// Output: Authorization: ApiKey my-key
}

func ExampleGraphQLTransport() {
	// A stand-in for {protocol_api_url}/graphql that echoes the header it got.
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "Authorization: %s", r.Header.Get("Authorization"))
	}))
	defer api.Close()

	hc := &http.Client{Transport: client.GraphQLTransport("my-key", nil)}
	resp, err := hc.Post(api.URL+"/graphql", "application/json", strings.NewReader(`{"query":"{ __typename }"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	fmt.Println(string(b))
	// Output: Authorization: ApiKey my-key
}
