package quote_test

import (
	"errors"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

func TestBuild(t *testing.T) {
	var loggers []*slog.Logger
	factory := func(id orchestration.ProviderID) quote.Factory {
		return func(d quote.Deps) (quote.Provider, error) {
			loggers = append(loggers, d.Logger)
			return memprovider.New(id), nil
		}
	}
	ps, err := quote.Build(quote.Deps{Catalog: testCatalog}, factory(sfID), factory(acme))
	if err != nil {
		t.Fatal(err)
	}
	var ids []orchestration.ProviderID
	for _, p := range ps {
		ids = append(ids, p.ID())
	}
	if diff := cmp.Diff([]orchestration.ProviderID{sfID, acme}, ids); diff != "" {
		t.Errorf("providers (-want +got):\n%s", diff)
	}
	if len(loggers) != 2 || loggers[0] == nil || loggers[1] == nil {
		t.Errorf("factories got loggers %v, want slog.Default() for a nil Deps.Logger", loggers)
	}

	boom := errors.New("no rpc for Base")
	called := false
	_, err = quote.Build(quote.Deps{Catalog: testCatalog},
		func(quote.Deps) (quote.Provider, error) { return nil, boom },
		func(quote.Deps) (quote.Provider, error) { called = true; return memprovider.New(acme), nil })
	if !errors.Is(err, boom) || called {
		t.Errorf("Build = %v (later factory called: %v), want the first factory's error and no further call", err, called)
	}
}

// FactoryOf never hands the engine a typed nil: a failed build is a nil
// Provider, a good one the provider built.
func TestFactoryOf(t *testing.T) {
	type cfg struct{ fail bool }
	build := func(_ quote.Deps, c cfg) (*memprovider.Provider, error) {
		if c.fail {
			return nil, errors.New("bad config")
		}
		return memprovider.New("acme"), nil
	}
	p, err := quote.FactoryOf(build, cfg{fail: true})(quote.Deps{})
	if err == nil || p != nil {
		t.Fatalf("failed build = %#v, %v; want a nil Provider and the error", p, err)
	}
	p, err = quote.FactoryOf(build, cfg{})(quote.Deps{})
	if err != nil || p == nil || p.ID() != "acme" {
		t.Fatalf("build = %v, %v; want acme", p, err)
	}
}
