package service

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// The Wormhole Executor's error names it in the quote engine's QuoteError.
var _ quote.ServiceUnavailable = (*executor.Error)(nil)

// ExecutorConfig configures the Wormhole Executor's quote API, whose signed
// quotes pay the relay of an M Portal transfer through the Wormhole adapter
// (the adapter prices no relay on chain). The zero value asks Wormhole's
// public API (executor.MainnetURL for the catalog's mainnet chains,
// executor.TestnetURL for its testnets), with executor's defaults.
//
// A network's Executor is asked only when the catalog has a chain of that
// network with a portal, and m-portal runs. It is asked on the request
// path only for a route it holds no usable quote of; a route quoted
// recently is kept fresh in the background, until Close.
type ExecutorConfig struct {
	// Disable asks no Executor, for a server without access to it:
	// m-portal then quotes no transfer through the Wormhole adapter (it
	// logs which), and its other transfers as usual.
	Disable bool
	// MainnetURL is the API's base URL for the catalog's chains that are
	// not testnets (asset.ChainInfo.Testnet false); empty means the
	// Network's Executor (NetworkChains.ExecutorURL), else
	// executor.MainnetURL. TestnetURL is the same for testnets; empty means
	// the Network's, else executor.TestnetURL. An absolute http(s) URL; it
	// may carry a credential in its userinfo or query, which is never
	// logged nor put in an error.
	MainnetURL, TestnetURL string
	// HTTPClient carries the requests; nil means a client of the
	// service's own, whose idle connections Close closes. Either way Close
	// ends the requests in flight.
	HTTPClient *http.Client
	// Timeout bounds each round trip; zero means executor.DefaultTimeout,
	// negative is a ConfigError.
	Timeout time.Duration
	// Cache configures the quote caches (executor.CacheConfig: how long
	// before its signed expiry a quote stops being served, how early and
	// how often hot routes are refreshed); zero fields are executor's
	// defaults, negative ones a ConfigError. Its Now is the clock of the
	// caches and of the clients, which refuse a quote already expired.
	Cache executor.CacheConfig
}

// check finds the mistakes of c, before anything starts (checkConfig).
// Errors never quote a URL: it may hold a credential.
func (c ExecutorConfig) check() error {
	for _, f := range []struct {
		field, url, example string
	}{{"MainnetURL", c.MainnetURL, executor.MainnetURL}, {"TestnetURL", c.TestnetURL, executor.TestnetURL}} {
		if f.url != "" && !absoluteHTTP(f.url) {
			return &ConfigError{Field: "Executor." + f.field, Problem: "expected an absolute http(s) URL like " + f.example}
		}
	}
	for _, f := range []struct {
		field string
		v     time.Duration
	}{{"Timeout", c.Timeout}, {"Cache.Margin", c.Cache.Margin}, {"Cache.RefreshAhead", c.Cache.RefreshAhead},
		{"Cache.HotFor", c.Cache.HotFor}, {"Cache.RefreshInterval", c.Cache.RefreshInterval}} {
		if f.v < 0 {
			return &ConfigError{Field: "Executor." + f.field, Problem: "must not be negative"}
		}
	}
	return nil
}

// absoluteHTTP reports whether s is an http(s) URL with a host, as
// executor.New requires of a base URL.
func absoluteHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// printable is u without its userinfo, query and fragment: what may be
// logged of an endpoint.
func printable(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
}

// openExecutors builds one Executor client and quote cache per network the
// catalog's portals need, for m-portal (Executors), and the order books
// whose cancel reports may go through the Wormhole adapter, and runs each
// cache's refresh until Close.
func (s *Service) openExecutors() error {
	ec := s.cfg.Executor
	// m-portal's transfers through the Wormhole adapter ask it, and so do
	// cross-chain cancels whose report the Wormhole adapter carries: from
	// a Solana cluster (always), or from an EVM chain whose Portal sends
	// to the order's origin through the adapter (decision 94).
	portals := !slices.Contains(s.cfg.Bundled.Disable, orchestration.ProviderMPortal)
	cancels := !s.cfg.Orders.Disabled
	var mainnet, testnet bool
	for _, c := range s.catalog.Chains() {
		cancelsHere := cancels && c.Contracts.OrderBook != "" && (c.Runtime == orchestration.RuntimeEVM && c.Contracts.Portal != "" ||
			c.Runtime == orchestration.RuntimeSVM && s.svmClient != nil && s.svmClient.Has(c.Name))
		if (portals && c.Contracts.Portal != "") || cancelsHere {
			testnet, mainnet = testnet || c.Testnet, mainnet || !c.Testnet
		}
	}
	if !mainnet && !testnet {
		return nil
	}
	if ec.Disable {
		s.logger.Info("wormhole executor disabled: m-portal quotes no transfer through the Wormhole adapter")
		return nil
	}
	if u := s.network.ExecutorURL; u != "" && !absoluteHTTP(u) {
		return &ConfigError{Field: "Network", Problem: "started with an Executor URL that is not an absolute http(s) URL"}
	}
	ctx, cancel := context.WithCancel(context.Background())
	hc, closeIdle := s.executorHTTPClient(ctx)
	var wg sync.WaitGroup
	// Before the other closers: nothing of the caches outlives the service.
	s.closers = append([]func(){func() { cancel(); wg.Wait(); closeIdle() }}, s.closers...)
	for _, n := range []struct {
		name    string
		needed  bool
		url     string
		builtin string
		cache   **executor.Cache
	}{
		{"mainnet", mainnet, ec.MainnetURL, executor.MainnetURL, &s.executors.Mainnet},
		{"testnet", testnet, ec.TestnetURL, executor.TestnetURL, &s.executors.Testnet},
	} {
		if !n.needed {
			continue
		}
		base, source := n.url, "config"
		switch {
		case base == "" && s.network.ExecutorURL != "":
			base, source = s.network.ExecutorURL, "network"
		case base == "":
			base, source = n.builtin, "default"
		}
		client, err := executor.New(executor.Config{BaseURL: base, HTTPClient: hc, Timeout: ec.Timeout, Now: ec.Cache.Now,
			Registerer: s.cfg.Registry})
		if err != nil {
			return fmt.Errorf("wormhole executor (%s): %w", n.name, err)
		}
		c := executor.NewCache(client, ec.Cache)
		*n.cache = c
		wg.Go(func() { c.Run(ctx) })
		s.logger.Info("wormhole executor", slog.String("network", n.name), slog.String("endpoint", printable(base)),
			slog.String("from", source))
	}
	return nil
}

// executorHTTPClient is the Executors' HTTP client: Config.Executor's, or
// one of the service's own, with a transport that ends its requests when
// life ends. The executor cache's requests run detached from the callers
// waiting on them (so one caller giving up does not fail the others):
// without this, Close would leave them running until their timeout.
// closeIdle closes the service's own client's idle connections.
func (s *Service) executorHTTPClient(life context.Context) (_ *http.Client, closeIdle func()) {
	hc := s.cfg.Executor.HTTPClient
	closeIdle = func() {}
	if hc == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		hc, closeIdle = &http.Client{Transport: t}, t.CloseIdleConnections
	}
	c := *hc
	c.Transport = closingTransport{base: transportOr(hc.Transport), life: life}
	return &c, closeIdle
}

func transportOr(t http.RoundTripper) http.RoundTripper {
	if t == nil {
		return http.DefaultTransport
	}
	return t
}

// closingTransport ends each request, and the reading of its answer, when
// either its own context or life ends.
type closingTransport struct {
	base http.RoundTripper
	life context.Context
}

func (t closingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(req.Context())
	stop := context.AfterFunc(t.life, cancel)
	end := func() { stop(); cancel() }
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		end()
		return nil, err
	}
	resp.Body = &endingBody{ReadCloser: resp.Body, end: end}
	return resp, nil
}

// endingBody is an answer's body that releases its request's context once
// closed.
type endingBody struct {
	io.ReadCloser
	end  func()
	once sync.Once
}

func (b *endingBody) Close() error {
	err := b.ReadCloser.Close()
	b.once.Do(b.end)
	return err
}

// Executors are the Wormhole Executor quote caches m-portal prices its
// Wormhole adapter's relays with, by network; a nil field is a network the
// service asks no Executor for (Config.Executor.Disable, m-portal
// disabled, or no chain of that network with a portal in the catalog).
func (s *Service) Executors() portal.Executors { return s.executors }
