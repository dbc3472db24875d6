package httpserver

// OpenAPIPath is where the server serves its OpenAPI document
// (openapi.Handler). It needs no API key; see the package doc.
const OpenAPIPath = BasePath + "/openapi.json"

// Routes returns the "METHOD /path" pattern of every route under BasePath,
// in the syntax of net/http's ServeMux (and of OpenAPI path templates): the
// API routes, which need a key, and GET OpenAPIPath. The CORS preflights
// (OPTIONS on each API path) are not listed. It lets tests compare the
// server with its OpenAPI document.
func Routes() []string {
	var s server // routes only reads the services to know which are set
	var out []string
	for _, e := range s.routes() {
		out = append(out, e.pattern())
	}
	return append(out, "GET "+OpenAPIPath)
}
