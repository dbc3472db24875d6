package quote

import (
	"log/slog"

	"github.com/m0-orchestration/m0/asset"
)

// Deps are what a provider is built from: the deployment's catalog and its
// runtimes. The bundled server and an embedding program build the same
// Deps once the catalog and the chain clients exist, and hand them to every
// provider's Factory, so both assemble providers the same way.
type Deps struct {
	Catalog *asset.Catalog
	// Runtimes are the deployment's runtimes, as the Engine gets them
	// (Config.Runtimes), for providers that read chains in Edges: each
	// runtime package finds its own among them (evmruntime.ReaderIn,
	// svmruntime.In). A runtime missing means its chains are not read.
	Runtimes []Runtime
	// Logger is the deployment's logger; never nil.
	Logger *slog.Logger
}

// Factory builds a provider from Deps. Provider packages export one (for
// instance a function of the provider's Config returning a Factory);
// building must not do I/O: a provider reads the chain in Edges and
// QuoteLeg, under the caller's context.
type Factory func(Deps) (Provider, error)

// Build calls every factory with deps, in order, and returns the providers.
func Build(deps Deps, factories ...Factory) ([]Provider, error) {
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	out := make([]Provider, 0, len(factories))
	for _, f := range factories {
		p, err := f(deps)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// FactoryOf adapts a provider package's constructor to a Factory with cfg,
// so that every provider package exports its Factory the same way:
//
//	func Factory(cfg Config) quote.Factory { return quote.FactoryOf(New, cfg) }
//
// A failed build returns a nil Provider, never a typed nil in the
// interface.
func FactoryOf[C any, P Provider](build func(Deps, C) (P, error), cfg C) Factory {
	return func(d Deps) (Provider, error) {
		p, err := build(d, cfg)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
}
