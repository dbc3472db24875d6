package httpserver

import (
	"context"
	"io"
	"log/slog"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/m0-orchestration/m0/orchestration"
)

// Defaults of AccessLogConfig.
const (
	DefaultAccessLogBuffer        = 8192
	DefaultAccessLogFlushInterval = 10 * time.Millisecond
)

// AccessLogConfig configures an AccessLog. Every zero value is a default.
type AccessLogConfig struct {
	// Buffer is how many lines may wait for the writer; zero means
	// DefaultAccessLogBuffer. A request finding the buffer full does not
	// wait: its line is dropped and counted (Dropped, and the metric
	// orchestration_http_access_log_dropped_total).
	Buffer int

	// FlushInterval is how long lines gather before they are written:
	// after a quiet spell the writer wakes for the first line, waits
	// FlushInterval, then writes every line queued by then in one go and
	// calls Flush. Zero means DefaultAccessLogFlushInterval. Requests never
	// wake the writer while it waits, and a busy server writes its log in
	// batches rather than a line at a time.
	FlushInterval time.Duration

	// Flush, when set, is called after each batch and at Close. It lets
	// the handler write into a buffered writer (a *bufio.Writer over the
	// log file, with Flush its Flush method), so that a batch costs one
	// system call rather than one per line. The handler and Flush are only
	// ever called from the AccessLog's goroutine.
	Flush func() error
}

// AccessLog writes a server's access-log lines on a goroutine of its own,
// so that no request waits for the log: requests queue their line in a
// bounded buffer and move on. Pass it as Config.AccessLog, and Close it
// after the server has shut down (after ListenAndServe or Serve returns):
// Close writes every queued line, then stops the goroutine.
//
//	buf := bufio.NewWriterSize(os.Stderr, 64<<10)
//	al := httpserver.NewAccessLog(slog.NewJSONHandler(buf, nil),
//		httpserver.AccessLogConfig{Flush: buf.Flush})
//	defer al.Close()
//
// Lines go to the slog.Handler given to NewAccessLog with the context
// Background, since the request has ended by the time they are written;
// their time is when the response was complete.
type AccessLog struct {
	h slog.Handler // nil with w
	// w is NewJSONAccessLog's or NewTextAccessLog's destination; encode
	// appends a line in its format to buf, reused from line to line.
	w        io.Writer
	encode   func(b []byte, line *accessLine) []byte
	buf      []byte
	flush    func() error
	interval time.Duration
	max      int // lines that may wait

	// Requests append to pending under mu; the writer takes the whole
	// slice at once (swapping in its spare), so it locks once per batch
	// rather than once per line, and a request holds mu only to copy its
	// line in.
	mu      sync.Mutex
	pending []accessLine
	idle    bool // the writer waits for wake (guarded by mu)
	closed  bool // guarded by mu
	wake    chan struct{}
	closing chan struct{}
	done    chan struct{} // closed when the writer goroutine has exited
	once    sync.Once
	dropped atomic.Uint64
	err     error // of the last Flush, read after done
}

// accessLine is what a request leaves for the access log: plain values, no
// allocation beyond the request's own, formatted by the writer.
type accessLine struct {
	time    time.Time
	method  string
	route   string
	path    string
	status  int
	latency time.Duration
	bytes   int64
	// requestID is the request's id, unless newID holds it (hasNewID).
	// An id the server made is a view of the request's own state
	// (requestState.idDigits): a queued line keeping that view would pin
	// the state, and through it the request and its response, until the
	// writer gets to it, and the collector would mark them all again in
	// every cycle meanwhile. Such an id is copied into newID instead.
	requestID string
	newID     [32]byte
	hasNewID  bool
	// requestIDBare says the id is one the text format needs not scan:
	// non-empty, of [A-Za-z0-9._:-] only (what requestID returns).
	requestIDBare bool
	client        netip.Addr
	key           string
	code          orchestration.Code
}

// NewAccessLog starts the goroutine that writes the access log to h.
func NewAccessLog(h slog.Handler, cfg AccessLogConfig) *AccessLog {
	l := newAccessLog(h, cfg)
	go l.run()
	return l
}

// newAccessLog is an AccessLog whose writer goroutine is not started yet.
func newAccessLog(h slog.Handler, cfg AccessLogConfig) *AccessLog {
	n := cfg.Buffer
	if n <= 0 {
		n = DefaultAccessLogBuffer
	}
	l := &AccessLog{
		h:        h,
		flush:    cfg.Flush,
		interval: cfg.FlushInterval,
		max:      n,
		wake:     make(chan struct{}, 1),
		closing:  make(chan struct{}),
		done:     make(chan struct{}),
	}
	if l.interval <= 0 {
		l.interval = DefaultAccessLogFlushInterval
	}
	return l
}

// enabled says whether lines are wanted at all.
func (l *AccessLog) enabled() bool {
	return l.w != nil || l.h.Enabled(context.Background(), slog.LevelInfo)
}

// add queues a line without waiting; a full buffer, or a closed log, drops
// it.
func (l *AccessLog) add(line accessLine) {
	l.mu.Lock()
	if l.closed || len(l.pending) >= l.max {
		l.mu.Unlock()
		l.dropped.Add(1)
		return
	}
	l.pending = append(l.pending, line)
	wake := l.idle
	l.idle = false
	l.mu.Unlock()
	if wake {
		// Only the request that found the writer idle sends, and the
		// writer empties wake before it idles again: this never blocks.
		l.wake <- struct{}{}
	}
}

// Dropped is the number of lines not written because the buffer was full
// or the log closed.
func (l *AccessLog) Dropped() uint64 { return l.dropped.Load() }

// Close writes every queued line, calls Flush, and stops the writer
// goroutine. It returns Flush's last error. Lines logged after Close are
// dropped (and counted); Close again is a no-op returning the same error.
func (l *AccessLog) Close() error {
	l.once.Do(func() {
		l.mu.Lock()
		l.closed = true
		l.mu.Unlock()
		close(l.closing)
	})
	<-l.done
	return l.err
}

func (l *AccessLog) run() {
	defer close(l.done)
	ctx := context.Background()
	wait := time.NewTimer(l.interval)
	wait.Stop()
	var batch []accessLine // the spare slice, swapped with pending
	for {
		// Idle until a line comes (or Close).
		l.mu.Lock()
		for len(l.pending) == 0 && !l.closed {
			l.idle = true
			l.mu.Unlock()
			select {
			case <-l.wake:
			case <-l.closing:
			}
			l.mu.Lock()
		}
		closed := l.closed
		l.mu.Unlock()
		if !closed { // let the lines of the next interval gather
			wait.Reset(l.interval)
			select {
			case <-wait.C:
			case <-l.closing:
				wait.Stop()
			}
		}
		// Take every line queued by now, write them, flush.
		l.mu.Lock()
		batch, l.pending = l.pending, batch[:0]
		closed = l.closed
		l.mu.Unlock()
		for i := range batch {
			l.write(ctx, &batch[i])
		}
		clear(batch) // let the requests' strings go
		l.doFlush()
		if closed {
			l.mu.Lock()
			empty := len(l.pending) == 0
			l.mu.Unlock()
			if empty {
				return
			}
		}
	}
}

func (l *AccessLog) doFlush() {
	if l.flush != nil {
		l.err = l.flush()
	}
}

func (l *AccessLog) write(ctx context.Context, line *accessLine) {
	if l.w != nil {
		l.buf = l.encode(l.buf[:0], line)
		l.w.Write(l.buf) // a failing writer has nowhere better to report to
		return
	}
	r := line.record()
	l.h.Handle(ctx, r) // a failing handler has nowhere better to report to
}

// id is the request's id. With hasNewID it is a view of line's own
// newID: valid while line stays where it is.
func (line *accessLine) id() string {
	if line.hasNewID {
		return unsafe.String(&line.newID[0], len(line.newID))
	}
	return line.requestID
}

// record is the access-log line as a slog record. The key is named by its
// Name, never by its secret.
func (line *accessLine) record() slog.Record {
	id := line.requestID
	if line.hasNewID { // a handler may keep the record; line's array is reused
		id = string(line.newID[:])
	}
	r := slog.NewRecord(line.time, slog.LevelInfo, "http request", 0)
	r.AddAttrs(
		slog.String("method", line.method),
		slog.String("route", line.route),
		slog.String("path", line.path),
		slog.Int("status", line.status),
		slog.Duration("latency", line.latency),
		slog.Int64("bytes", line.bytes),
		slog.String("request_id", id),
	)
	if line.client.IsValid() {
		r.AddAttrs(slog.String("client_ip", line.client.String()))
	}
	if line.key != "" {
		r.AddAttrs(slog.String("key", line.key))
	}
	if line.code != "" {
		r.AddAttrs(slog.String("code", string(line.code)))
	}
	return r
}
