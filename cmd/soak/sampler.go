package main

import (
	"bufio"
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sample is one replica's memory and goroutines, read from its GET
// /metrics (the Go collector's go_memstats_heap_alloc_bytes and
// go_goroutines).
type sample struct {
	At         time.Time `json:"at"`
	Replica    int       `json:"replica"`
	Up         bool      `json:"up"`
	HeapBytes  float64   `json:"heapAllocBytes,omitempty"`
	Goroutines float64   `json:"goroutines,omitempty"`
}

type sampler struct {
	mu      sync.Mutex
	samples []sample
}

// run samples every replica every interval until ctx ends.
func (s *sampler) run(ctx context.Context, c *cluster, interval time.Duration) {
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		for _, r := range c.replicas {
			smp := readMetrics(ctx, client, r.root()+"/metrics")
			smp.At, smp.Replica = time.Now(), r.index
			s.mu.Lock()
			s.samples = append(s.samples, smp)
			s.mu.Unlock()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
		}
	}
}

func (s *sampler) all() []sample {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sample(nil), s.samples...)
}

func readMetrics(ctx context.Context, client *http.Client, url string) sample {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := client.Do(req)
	if err != nil {
		return sample{}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return sample{}
	}
	smp := sample{Up: true}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		switch name {
		case "go_memstats_heap_alloc_bytes":
			smp.HeapBytes, _ = strconv.ParseFloat(value, 64)
		case "go_goroutines":
			smp.Goroutines, _ = strconv.ParseFloat(value, 64)
		}
	}
	return smp
}
