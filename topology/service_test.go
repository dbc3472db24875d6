package topology_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/topology"
)

func routesOf(t *testing.T, svc *topology.Service, q orchestration.TopologyQuery) []orchestration.TopologyRoute {
	t.Helper()
	rs, err := svc.Routes(t.Context(), q)
	if err != nil {
		t.Fatalf("Routes(%+v): %v", q, err)
	}
	return rs
}

func unused(from, to orchestration.AssetAddress, ps ...orchestration.ProviderID) orchestration.TopologyRoute {
	r := orchestration.TopologyRoute{Source: from, Destination: to, Providers: []orchestration.TopologyRouteProvider{}}
	for _, p := range ps {
		r.Providers = append(r.Providers, orchestration.TopologyRouteProvider{Provider: p})
	}
	return r
}

func TestSeededRoutes(t *testing.T) {
	f := newFixture(t, topology.Config{})
	all := []orchestration.TopologyRoute{
		unused(ethM, ethWM, facility, uniswap),
		unused(ethM, baseM, portal),
		unused(ethWM, ethMUSD, facility),
	}
	// Ordered by source chain, source address, destination chain, address.
	want := []orchestration.TopologyRoute{all[2], all[1], all[0]}
	if diff := cmp.Diff(want, routesOf(t, f.svc, orchestration.TopologyQuery{})); diff != "" {
		t.Errorf("seeded routes (-want +got):\n%s", diff)
	}
	// The filter takes the address in any case and matches the canonical one.
	got := routesOf(t, f.svc, orchestration.TopologyQuery{SourceChain: orchestration.Ethereum, SourceAddress: strings.ToLower(mAddr)})
	if diff := cmp.Diff([]orchestration.TopologyRoute{all[1], all[0]}, got); diff != "" {
		t.Errorf("routes from Ethereum M (-want +got):\n%s", diff)
	}
	if got := routesOf(t, f.svc, orchestration.TopologyQuery{SourceChain: orchestration.Base, SourceAddress: mAddr}); len(got) != 0 {
		t.Errorf("routes from Base M = %v, want none", got)
	}
}

func TestSeedKeepsWorkingProviders(t *testing.T) {
	f := newFixture(t, topology.Config{})
	src := edgeSource{edges: map[orchestration.ProviderID][]quote.Edge{
		orchestration.ProviderLimitOrder: {{From: resolve(t, baseM), To: resolve(t, ethM)}},
	}, err: errors.New("provider m-portal: rpc down")}
	if err := f.svc.Seed(t.Context(), src); err == nil {
		t.Error("Seed hid the source's error")
	}
	got := routesOf(t, f.svc, orchestration.TopologyQuery{SourceChain: orchestration.Base, SourceAddress: mAddr})
	if diff := cmp.Diff([]orchestration.TopologyRoute{unused(baseM, ethM, orchestration.ProviderLimitOrder)}, got); diff != "" {
		t.Errorf("routes after a partial seed (-want +got):\n%s", diff)
	}
}

// flakySource misses one provider's edges on its first calls, as an engine
// whose provider's chain was down at start-up does.
type flakySource struct {
	mu    sync.Mutex
	calls int
	fails int // calls that miss the portal's edges
	edges map[orchestration.ProviderID][]quote.Edge
}

func (s *flakySource) Edges(context.Context) (map[orchestration.ProviderID][]quote.Edge, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.calls <= s.fails {
		return map[orchestration.ProviderID][]quote.Edge{orchestration.ProviderLimitOrder: s.edges[orchestration.ProviderLimitOrder]},
			errors.New("provider m-portal: rpc down")
	}
	return s.edges, nil
}

// StartSeed retries until every provider's edges are in: a provider whose
// chain was down at start-up appears in the routes once it is back, without
// waiting for traffic.
func TestStartSeedRetriesMissingProviders(t *testing.T) {
	f := newFixture(t, topology.Config{SeedRetry: time.Millisecond})
	src := &flakySource{fails: 2, edges: map[orchestration.ProviderID][]quote.Edge{
		orchestration.ProviderLimitOrder: {{From: resolve(t, baseM), To: resolve(t, ethM)}},
		orchestration.ProviderMPortal:    {{From: resolve(t, baseM), To: resolve(t, ethWM)}},
	}}
	f.svc.StartSeed(src)
	// Ordered by destination address: wM's sorts before M's.
	want := []orchestration.TopologyRoute{unused(baseM, ethWM, orchestration.ProviderMPortal), unused(baseM, ethM, orchestration.ProviderLimitOrder)}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := routesOf(t, f.svc, orchestration.TopologyQuery{SourceChain: orchestration.Base, SourceAddress: mAddr})
		if cmp.Diff(want, got) == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("routes never included the provider that recovered (-want +got):\n%s", cmp.Diff(want, got))
		}
		time.Sleep(time.Millisecond)
	}
	src.mu.Lock()
	calls := src.calls
	src.mu.Unlock()
	if calls != 3 {
		t.Errorf("Edges called %d times, want 3: two misses, then every provider", calls)
	}
}

type edgeSource struct {
	edges map[orchestration.ProviderID][]quote.Edge
	err   error
}

func (s edgeSource) Edges(context.Context) (map[orchestration.ProviderID][]quote.Edge, error) {
	return s.edges, s.err
}

func TestRoutesBadQuery(t *testing.T) {
	f := newFixture(t, topology.Config{})
	for _, q := range []orchestration.TopologyQuery{
		{SourceChain: orchestration.Ethereum},
		{SourceAddress: mAddr},
		{SourceChain: "Atlantis", SourceAddress: mAddr},
		{SourceChain: orchestration.Ethereum, SourceAddress: "0x9999999999999999999999999999999999999999"},
		{SourceChain: orchestration.Ethereum, SourceAddress: "not-an-address"},
	} {
		_, err := f.svc.Routes(t.Context(), q)
		var oe *orchestration.Error
		if !errors.As(err, &oe) || oe.Code != orchestration.BadTopologyRequest || oe.Message == "" {
			t.Errorf("Routes(%+v) error = %v, want BadTopologyRequest with a message", q, err)
		}
	}
}

func TestQuoteTrafficCounts(t *testing.T) {
	f := newFixture(t, topology.Config{})
	t1 := f.clock.Now()
	if qs := f.quote(t, ethM, ethWM, alice, 2); len(qs) != 2 {
		t.Fatalf("got %d quotes, want both providers'", len(qs))
	}
	f.clock.Advance(time.Minute)
	t2 := f.clock.Now()
	f.quote(t, ethM, ethWM, bob, 2, facility)
	// Two legs of the facility: a route no edge gives directly.
	f.quote(t, ethM, ethMUSD, alice, 1)
	// No provider serves Base M -> Ethereum M: no route is added.
	if qs := f.quote(t, baseM, ethM, bob, 1); len(qs) != 0 {
		t.Fatalf("unexpected quotes %v", qs)
	}
	f.flush(t)

	want := []orchestration.TopologyRoute{
		unused(ethWM, ethMUSD, facility),
		unused(ethM, baseM, portal),
		{Source: ethM, Destination: ethWM, LastUsed: &t2, TotalQuoteCount: 2, Providers: []orchestration.TopologyRouteProvider{
			{Provider: facility, QuoteCount: 2, LastUsed: &t2},
			{Provider: uniswap, QuoteCount: 1, LastUsed: &t1},
		}},
		{Source: ethM, Destination: ethMUSD, LastUsed: &t2, TotalQuoteCount: 1, Providers: []orchestration.TopologyRouteProvider{
			{Provider: facility, QuoteCount: 1, LastUsed: &t2},
		}},
	}
	if diff := cmp.Diff(want, routesOf(t, f.svc, orchestration.TopologyQuery{})); diff != "" {
		t.Errorf("routes after traffic (-want +got):\n%s", diff)
	}

	st, err := f.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	wantStats := &orchestration.TopologyRouteStats{
		TotalRoutes: 4, ActiveRoutes: 2, CollectingSince: &t1, LastUpdated: &t2,
		HottestPaths:  []orchestration.TopologyRoute{want[2], want[3]},
		TopSenders:    []orchestration.AddressFrequency{{Address: alice, Count: 2}, {Address: bob, Count: 2}},
		TopRecipients: []orchestration.AddressFrequency{{Address: alice, Count: 2}, {Address: bob, Count: 2}},
	}
	if diff := cmp.Diff(wantStats, st, cmpIgnoreProviders); diff != "" {
		t.Errorf("stats (-want +got):\n%s", diff)
	}

	// A day later the routes are no longer active, but still counted.
	f.clock.Advance(topology.DefaultActiveWindow + time.Second)
	st, err = f.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if st.ActiveRoutes != 0 || st.TotalRoutes != 4 || len(st.HottestPaths) != 2 {
		t.Errorf("a day later: active %d, total %d, hottest %d; want 0, 4, 2", st.ActiveRoutes, st.TotalRoutes, len(st.HottestPaths))
	}
}

var cmpIgnoreProviders = cmpopts.IgnoreFields(orchestration.TopologyRouteStats{}, "Providers")

// observe hands the service a synthetic observation of a request.
func observe(svc *topology.Service, t testing.TB, sender, recipient string, outcomes ...quote.Outcome) {
	svc.ObserveQuote(context.Background(), quote.Observation{
		Request:  quote.Request{Source: resolve(t, ethM), Destination: resolve(t, ethWM), Sender: sender, Recipient: recipient},
		Outcomes: outcomes,
	})
}

func TestTopAddressesBounded(t *testing.T) {
	f := newFixture(t, topology.Config{TopN: 3, SketchCapacity: 200, QueueSize: 8192}) // the queue holds the whole burst
	heavy := map[string]int64{alice: 300, bob: 200, "0x3333333333333333333333333333333333333333": 100}
	const others = 5000
	total := int64(others)
	for _, n := range heavy {
		total += n
	}
	// Interleave: every 10th request is from a heavy sender, until each has
	// sent its share; the rest come from distinct senders once each.
	left := map[string]int64{}
	for a, n := range heavy {
		left[a] = n
	}
	for i := 0; i < others; i++ {
		observe(f.svc, t, fmt.Sprintf("0x%040x", 0x1000+i), alice)
		for a := range left {
			if left[a] > 0 && i%2 == 0 {
				observe(f.svc, t, a, alice)
				left[a]--
			}
		}
	}
	f.flush(t)
	st, err := f.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(st.TopSenders) != 3 {
		t.Fatalf("topSenders = %v, want 3 entries", st.TopSenders)
	}
	maxErr := total / 200
	for i, want := range []string{alice, bob, "0x3333333333333333333333333333333333333333"} {
		got := st.TopSenders[i]
		if got.Address != want || got.Count < heavy[want] || got.Count > heavy[want]+maxErr {
			t.Errorf("topSenders[%d] = %+v, want %s with a count in [%d, %d]", i, got, want, heavy[want], heavy[want]+maxErr)
		}
	}
	if diff := cmp.Diff([]orchestration.AddressFrequency{{Address: alice, Count: total}}, st.TopRecipients); diff != "" {
		t.Errorf("topRecipients (-want +got):\n%s", diff)
	}
}

func TestProviderWindow(t *testing.T) {
	f := newFixture(t, topology.Config{})
	// 100 answers of 1..100 ms, 10 failures, 40 requests without a route
	// and without a call.
	for i := 1; i <= 100; i++ {
		observe(f.svc, t, alice, alice, quote.Outcome{Provider: facility, Status: quote.StatusOK, Duration: time.Duration(i) * time.Millisecond, Legs: 1})
	}
	for range 10 {
		observe(f.svc, t, alice, alice, quote.Outcome{Provider: facility, Status: quote.StatusFailed, Duration: 10 * time.Second})
	}
	for range 40 {
		observe(f.svc, t, alice, alice, quote.Outcome{Provider: facility, Status: quote.StatusNoRoute})
	}
	f.clock.Advance(4 * time.Minute)
	observe(f.svc, t, alice, alice, quote.Outcome{Provider: uniswap, Status: quote.StatusOK, Duration: 30 * time.Millisecond, Legs: 1})
	f.flush(t)

	byID := providerStats(t, f.svc)
	fs := byID[facility]
	if fs.Requests != 150 || fs.OK != 100 || fs.Failed != 10 || fs.NoRoute != 40 || fs.WindowSeconds != 300 {
		t.Errorf("facility counts = %+v, want 150 requests: 100 ok, 10 failed, 40 no-route, over 300 s", fs)
	}
	checkNear(t, "facility success rate", fs.SuccessRate, 140.0/150, 1e-9)
	// Percentiles over the 110 calls: 1..100 ms and ten of 10 s.
	checkNear(t, "facility p50", fs.LatencyP50Ms, 55, 0.01*55)
	checkNear(t, "facility p95", fs.LatencyP95Ms, 10000, 0.01*10000)
	checkNear(t, "uniswap p50", byID[uniswap].LatencyP50Ms, 30, 0.3)
	if byID[portal].Requests != 0 || byID[portal].SuccessRate != nil || byID[portal].LatencyP50Ms != nil {
		t.Errorf("portal without requests = %+v, want zero counts and no rate or latency", byID[portal])
	}

	// 5 minutes and 10 seconds after the first batch it has left the window;
	// the uniswap answer 70 s later has not.
	f.clock.Advance(time.Minute + 10*time.Second)
	byID = providerStats(t, f.svc)
	if fs := byID[facility]; fs.Requests != 0 || fs.LatencyP95Ms != nil {
		t.Errorf("facility after the window = %+v, want empty", fs)
	}
	if us := byID[uniswap]; us.Requests != 1 {
		t.Errorf("uniswap = %+v, want its one request", us)
	}
}

func providerStats(t *testing.T, svc *topology.Service) map[orchestration.ProviderID]orchestration.TopologyProviderStats {
	t.Helper()
	st, err := svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	out := map[orchestration.ProviderID]orchestration.TopologyProviderStats{}
	for _, p := range st.Providers {
		out[p.Provider] = p
	}
	return out
}

func checkNear(t *testing.T, what string, got *float64, want, tol float64) {
	t.Helper()
	if got == nil || math.Abs(*got-want) > tol {
		t.Errorf("%s = %v, want %v ± %v", what, deref(got), want, tol)
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestQueueFullDropsCounted(t *testing.T) {
	reg := prometheus.NewRegistry()
	f := newFixture(t, topology.Config{QueueSize: 2, Registerer: reg})
	entered, release := make(chan struct{}, 1), make(chan struct{})
	topology.SetBeforeApply(f.svc, func() {
		select {
		case entered <- struct{}{}:
			<-release
		default:
		}
	})
	observe(f.svc, t, alice, alice) // taken by the drain goroutine, which waits
	<-entered
	for range 5 { // two fit in the queue, three are dropped
		observe(f.svc, t, bob, bob)
	}
	if got := f.svc.Dropped(); got != 3 {
		t.Errorf("Dropped() = %d, want 3", got)
	}
	if got := droppedMetric(t, reg); got != 3 {
		t.Errorf("m0_topology_observations_dropped_total = %v, want 3", got)
	}
	close(release)
	f.flush(t)
	st, err := f.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.AddressFrequency{{Address: bob, Count: 2}, {Address: alice, Count: 1}}
	if diff := cmp.Diff(want, st.TopSenders); diff != "" {
		t.Errorf("senders counted (-want +got):\n%s", diff)
	}
}

// droppedMetric reads the drop counter, the registry's only metric.
func droppedMetric(t *testing.T, reg *prometheus.Registry) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil || len(mfs) != 1 || mfs[0].GetName() != "m0_topology_observations_dropped_total" {
		t.Fatalf("registry holds %v (%v), want the drop counter alone", mfs, err)
	}
	return mfs[0].GetMetric()[0].GetCounter().GetValue()
}

func TestCloseCountsQueuedAndStops(t *testing.T) {
	f := newFixture(t, topology.Config{})
	for range 100 {
		observe(f.svc, t, alice, bob)
	}
	if err := f.svc.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := f.svc.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]orchestration.AddressFrequency{{Address: alice, Count: 100}}, st.TopSenders); diff != "" {
		t.Errorf("senders after Close (-want +got):\n%s", diff)
	}
	if err := f.svc.Flush(t.Context()); !errors.Is(err, topology.ErrClosed) {
		t.Errorf("Flush after Close = %v, want ErrClosed", err)
	}
	observe(f.svc, t, alice, bob) // must neither block nor panic
	if err := f.svc.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
}

func TestNewConfigErrors(t *testing.T) {
	for _, cfg := range []topology.Config{
		{},
		{Catalog: catalog(), QueueSize: -1},
		{Catalog: catalog(), TopN: 20, SketchCapacity: 10},
		{Catalog: catalog(), Window: time.Second, WindowBucket: time.Minute},
	} {
		if s, err := topology.New(cfg); err == nil {
			s.Close()
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}
