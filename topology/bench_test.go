package topology_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/topology"
)

// BenchmarkObserveQuote measures the cost ObserveQuote adds to a quote
// request (copy and enqueue), with the drain goroutine counting behind it.
func BenchmarkObserveQuote(b *testing.B) {
	svc, err := topology.New(topology.Config{Catalog: asset.Default()})
	if err != nil {
		b.Fatal(err)
	}
	defer svc.Close()
	req := quote.Request{Source: resolve(b, ethM), Destination: resolve(b, ethWM)}
	quotes := []orchestration.Quote{{Payloads: []orchestration.Payload{{Provider: facility}, {Provider: uniswap}}}}
	outcomes := []quote.Outcome{{Provider: facility, Status: quote.StatusOK, Duration: 3 * time.Millisecond, Legs: 1},
		{Provider: uniswap, Status: quote.StatusOK, Duration: 40 * time.Millisecond, Legs: 1}}
	senders := make([]string, 4096)
	for i := range senders {
		senders[i] = fmt.Sprintf("0x%040x", i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		req.Sender, req.Recipient = senders[i%len(senders)], senders[(i*7)%len(senders)]
		svc.ObserveQuote(context.Background(), quote.Observation{Request: req, Quotes: quotes, Outcomes: outcomes})
		i++
	}
	b.StopTimer()
	if err := svc.Flush(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(svc.Dropped()), "dropped")
}

// BenchmarkObserveAndCount measures the throughput of counting: each
// observation is queued and counted (Flush every 1000 keeps the queue from
// filling), so ns/op is the drain goroutine's cost per request.
func BenchmarkObserveAndCount(b *testing.B) {
	svc, err := topology.New(topology.Config{Catalog: asset.Default()})
	if err != nil {
		b.Fatal(err)
	}
	defer svc.Close()
	req := quote.Request{Source: resolve(b, ethM), Destination: resolve(b, ethWM)}
	quotes := []orchestration.Quote{{Payloads: []orchestration.Payload{{Provider: facility}, {Provider: uniswap}}}}
	outcomes := []quote.Outcome{{Provider: facility, Status: quote.StatusOK, Duration: 3 * time.Millisecond, Legs: 1},
		{Provider: uniswap, Status: quote.StatusOK, Duration: 40 * time.Millisecond, Legs: 1}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		req.Sender, req.Recipient = fmt.Sprintf("0x%040x", i%100000), fmt.Sprintf("0x%040x", (i*7)%100000)
		svc.ObserveQuote(context.Background(), quote.Observation{Request: req, Quotes: quotes, Outcomes: outcomes})
		if i++; i%1000 == 0 {
			if err := svc.Flush(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := svc.Flush(context.Background()); err != nil {
		b.Fatal(err)
	}
	if svc.Dropped() != 0 {
		b.Fatalf("%d observations dropped", svc.Dropped())
	}
}
