package openapitest_test

import (
	"slices"
	"sort"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/openapi/validation"
)

func docs(t *testing.T) (own, hosted *openapi3.T) {
	t.Helper()
	own, err := validation.Load()
	if err != nil {
		t.Fatal(err)
	}
	hosted, err = openapitest.LoadHosted()
	if err != nil {
		t.Fatal(err)
	}
	return own, hosted
}

// Every operation of the hosted service is here, with at least its
// statuses: a client of the hosted service finds each route and each answer
// it was written for.
func TestHostedOperationsAndStatusesAreKept(t *testing.T) {
	own, hosted := docs(t)
	for path, item := range hosted.Paths.Map() {
		for method, op := range item.Operations() {
			mine := own.Paths.Value(path)
			if mine == nil || mine.GetOperation(method) == nil {
				t.Errorf("%s %s: not in this service's document", method, path)
				continue
			}
			for status := range op.Responses.Map() {
				if mine.GetOperation(method).Responses.Value(status) == nil {
					t.Errorf("%s %s: status %s of the hosted service is not declared", method, path, status)
				}
			}
		}
	}
}

// This service's schema names for the hosted document's, where they differ.
var renamed = map[string]string{
	"Eip2612TypedData":   "PermitTypedData",
	"Eip2612Message":     "PermitMessage",
	"SignedPermitRecipe": "SignedRecipe",
	"CancelOrderParams":  "CancelOrderRequest",
	"SwapMethod":         "", // inlined in SwapPermitOp.method
}

// Every property of a hosted schema is in this service's schema, and is
// required here when it is required there, except the HostedDivergences.
func TestHostedPropertiesAreKept(t *testing.T) {
	own, hosted := docs(t)
	diverges := map[[2]string]bool{}
	for _, d := range openapitest.HostedDivergences {
		diverges[[2]string{d.Schema, d.Field}] = true
	}
	checked := 0
	for name, hs := range hosted.Components.Schemas {
		ownName, ok := renamed[name]
		if !ok {
			ownName = name
		}
		if ownName == "" {
			continue
		}
		os := own.Components.Schemas[ownName]
		if os == nil {
			t.Errorf("hosted schema %s has no counterpart %s", name, ownName)
			continue
		}
		for prop := range hs.Value.Properties {
			if diverges[[2]string{name, prop}] && os.Value.Properties[prop] == nil {
				continue
			}
			checked++
			if os.Value.Properties[prop] == nil {
				t.Errorf("%s.%s: not in this service's %s", name, prop, ownName)
			}
		}
		for _, req := range hs.Value.Required {
			if !slices.Contains(os.Value.Required, req) {
				t.Errorf("%s.%s: required there, optional in this service's %s", name, req, ownName)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d properties compared", checked)
	}
}

// Each listed divergence is still one: the hosted document requires the
// field (LoadHosted fails otherwise) and this service does not send it.
func TestHostedDivergencesAreReal(t *testing.T) {
	own, _ := docs(t)
	for _, d := range openapitest.HostedDivergences {
		s := own.Components.Schemas[d.Schema]
		if s == nil {
			t.Fatalf("no schema %s here", d.Schema)
		}
		if d.Nullable {
			if p := s.Value.Properties[d.Field]; p == nil || !p.Value.Nullable {
				t.Errorf("%s.%s is not a nullable property of this service's document; drop it from HostedDivergences", d.Schema, d.Field)
			}
			continue
		}
		if s.Value.Properties[d.Field] != nil {
			t.Errorf("%s.%s is now in this service's document; drop it from HostedDivergences", d.Schema, d.Field)
		}
	}
}

// The codes both documents share mean the same: this service's codes are a
// superset of the hosted ones.
func TestHostedErrorCodesAreKept(t *testing.T) {
	own, hosted := docs(t)
	var mine []string
	for _, v := range own.Components.Schemas["ErrorCode"].Value.Enum {
		mine = append(mine, v.(string))
	}
	sort.Strings(mine)
	for _, v := range hosted.Components.Schemas["ErrorCode"].Value.Enum {
		if _, ok := slices.BinarySearch(mine, v.(string)); !ok {
			t.Errorf("hosted code %s is not in this service's ErrorCode", v)
		}
	}
}

// Another module's tests run with their own working directory, outside
// this module's tree: the hosted document must load there too, or every
// httpservertest.Start there fails.
func TestLoadHostedOutsideTheModule(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, err := openapitest.LoadHosted(); err != nil {
		t.Fatalf("LoadHosted from a directory outside the module: %v", err)
	}
}
