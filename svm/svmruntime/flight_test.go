package svmruntime_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// gatedReader holds every read open until release is closed.
type gatedReader struct {
	svmruntime.Reader
	entered chan struct{}
	release chan struct{}
	calls   atomic.Int32
}

func (g *gatedReader) Read(ctx context.Context, chain orchestration.Chain, keys []solana.PublicKey, opts svm.ReadOptions) (*svm.Snapshot, error) {
	g.calls.Add(1)
	g.entered <- struct{}{}
	<-g.release
	return g.Reader.Read(ctx, chain, keys, opts)
}

func TestConcurrentIdenticalReadsShareOneTrip(t *testing.T) {
	w := newWorld(t, "")
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: w.node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	gate := &gatedReader{Reader: client, entered: make(chan struct{}, 16), release: make(chan struct{})}
	rt, err := svmruntime.New(svmruntime.Config{Catalog: asset.Default(), Reader: gate})
	if err != nil {
		t.Fatal(err)
	}
	a, b := svmruntime.AccountRead{Key: funder}, svmruntime.AccountRead{Key: recipient}
	const n = 6
	var wg sync.WaitGroup
	states := make([]quote.State, n)
	errs := make([]error, n)
	read := func(i int) {
		defer wg.Done()
		reads := []quote.Read{a, b}
		if i%2 == 1 {
			reads = []quote.Read{b, a} // the same set in another order
		}
		states[i], errs[i] = rt.ReadState(context.Background(), orchestration.Solana, reads, nil)
	}
	wg.Add(1)
	go read(0)
	<-gate.entered // the first read holds its round trip open
	for i := 1; i < n; i++ {
		wg.Add(1)
		go read(i)
	}
	time.Sleep(50 * time.Millisecond) // lets the others join the first read (ordering only, nothing timed is asserted)
	close(gate.release)
	wg.Wait()
	if got := gate.calls.Load(); got != 1 || w.node.Requests() != 1 {
		t.Errorf("%d concurrent identical reads made %d reads, %d requests; want 1", n, got, w.node.Requests())
	}
	for i := range n {
		if errs[i] != nil || !states[i].HasKey(a.ReadKey()) || !states[i].HasKey(b.ReadKey()) {
			t.Errorf("read %d: %v", i, errs[i])
		}
	}
}
