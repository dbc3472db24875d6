package httpserver

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
	"time"
)

// Lines logged while the writer waits out FlushInterval are written as one
// batch with one Flush, however many requests log them concurrently; and
// every one of them is written, once.
func TestAccessLogBatchesConcurrentLines(t *testing.T) {
	var out bytes.Buffer
	flushes := 0
	l := newAccessLog(nil, AccessLogConfig{FlushInterval: 300 * time.Millisecond, Flush: func() error { flushes++; return nil }})
	l.w, l.encode = &out, appendJSONLine
	go l.run()

	const writers, each = 8, 50
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				l.add(accessLine{method: "GET", route: "r", status: 200, requestID: fmt.Sprintf("w%d-%d", w, i)})
			}
		})
	}
	wg.Wait()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n")) {
		var id string
		if i := bytes.Index(line, []byte(`"request_id":"`)); i >= 0 {
			rest := line[i+len(`"request_id":"`):]
			id = string(rest[:bytes.IndexByte(rest, '"')])
		}
		if seen[id] {
			t.Errorf("line %q written twice", id)
		}
		seen[id] = true
	}
	if len(seen) != writers*each || l.Dropped() != 0 {
		t.Errorf("%d distinct lines written, %d dropped; want %d, 0", len(seen), l.Dropped(), writers*each)
	}
	// One batch for the burst (Close may end the wait early); a flush per
	// line would be 400.
	if flushes > 2 {
		t.Errorf("%d flushes for one burst of lines, want at most 2", flushes)
	}
}
