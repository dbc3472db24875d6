package httpserver

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// Defaults of the order status streams (Config.StreamsPerKey,
// StreamsPerServer, StreamLifetime, StreamKeyRecheck, StreamHeartbeat).
const (
	DefaultStreamsPerKey    = 16
	DefaultStreamsPerServer = 1000
	DefaultStreamLifetime   = 30 * time.Minute
	DefaultStreamKeyRecheck = 15 * time.Second
	DefaultStreamHeartbeat  = 15 * time.Second
)

// streamCounter bounds the streams open on this server, per API key and
// in all.
type streamCounter struct {
	mu                sync.Mutex
	open              map[string]int
	total             int
	perKey, perServer int
}

// acquire takes one of key's streams; release gives it back. It fails
// with a 429 RateLimited when key has perKey streams open, or the server
// perServer.
func (c *streamCounter) acquire(key string) (release func(), err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var e *orchestration.Error
	switch {
	case c.open[key] >= c.perKey:
		e = orchestration.Errorf(orchestration.RateLimited,
			"this API key has %d order status streams open on this server, the most it may; close one before opening another", c.perKey)
	case c.total >= c.perServer:
		e = orchestration.Errorf(orchestration.RateLimited,
			"this server has %d order status streams open, the most it serves; try again soon", c.perServer)
	}
	if e != nil {
		e.RetryAfter = time.Second // no stream's end is known; look again soon
		return nil, e
	}
	c.open[key]++
	c.total++
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.total--
		if c.open[key]--; c.open[key] == 0 {
			delete(c.open, key)
		}
	}, nil
}

// orderEvents serves GET /orders/{originChain}/{orderId}/events as
// server-sent events (decision 28): one "status" event per state the
// OrderWatcher yields, its id the state's ID; ": ping" comments every
// StreamHeartbeat so proxies keep the connection; the end after a
// terminal status, when the client goes, when the server shuts down or
// the stream's StreamLifetime is over (the client resumes with
// Last-Event-ID), or with an "error" event 401 when its key was revoked
// (checked every StreamKeyRecheck).
// Until the first byte, failures are the usual JSON error answers.
func (s *server) orderEvents(w http.ResponseWriter, r *http.Request) error {
	bad := orchestration.EndpointOrderEvents.Bad
	req := orchestration.OrderEventsRequest{Order: orderRef(r)}
	if v := r.Header.Get("Last-Event-ID"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return orchestration.Errorf(bad, "Last-Event-ID must be the id of an event of this stream (a non-negative integer), not %q", orchestration.Clip(v))
		}
		req.LastEventID = n
	}
	release, err := s.streams.acquire(infoOf(r).keyName)
	if err != nil {
		return err
	}
	defer release()

	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	seq, err := s.svc.OrderWatcher.OrderEvents(ctx, req)
	if err != nil {
		return err
	}

	// The server's read and write timeouts are for requests, not streams:
	// the read deadline is lifted (the request is read), and each write
	// gets a deadline of its own (WriteTimeout would cut the stream).
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	writeTimeout := orDefault(s.cfg.WriteTimeout, defaultWriteTimeout)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return nil // the checks and the headers, without a stream
	}
	send := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send([]byte(": stream of order statuses\n\n")) {
		return nil
	}

	type item struct {
		ev  orchestration.OrderEvent
		err error
	}
	items := make(chan item)
	var g errgroup.Group
	g.Go(func() error {
		defer close(items)
		for ev, err := range seq {
			select {
			case items <- item{ev, err}:
			case <-ctx.Done():
				return nil
			}
			if err != nil {
				return nil
			}
		}
		return nil
	})
	defer func() { cancel(); g.Wait() }()

	heartbeat := time.NewTicker(orDefault(s.cfg.StreamHeartbeat, DefaultStreamHeartbeat))
	defer heartbeat.Stop()
	keyRecheck := time.NewTicker(orDefault(s.cfg.StreamKeyRecheck, DefaultStreamKeyRecheck))
	defer keyRecheck.Stop()
	lifetime := time.NewTimer(jittered(orDefault(s.cfg.StreamLifetime, DefaultStreamLifetime)))
	defer lifetime.Stop()
	shutdown := shutdownOf(r.Context())
	for {
		select {
		case it, ok := <-items:
			if !ok {
				return nil // a terminal status was sent
			}
			if it.err != nil {
				s.sendStreamError(r, send, it.err)
				return nil
			}
			if !send(statusEvent(it.ev)) {
				return nil
			}
		case <-heartbeat.C:
			if !send([]byte(": ping\n\n")) {
				return nil
			}
		case <-keyRecheck.C:
			if s.keyRevoked(ctx, r) {
				s.sendStreamError(r, send, errUnauthorized)
				return nil
			}
		case <-lifetime.C:
			send([]byte(": the stream's lifetime is over; resume with Last-Event-ID\n\n"))
			return nil
		case <-shutdown:
			return nil // the client reconnects elsewhere, with Last-Event-ID
		case <-ctx.Done():
			return nil
		}
	}
}

// keyRevoked says whether the API key of stream request r is no longer
// known to Keys (revoked). A Keys that fails otherwise (its store down)
// revokes nothing: the stream goes on, and the next recheck asks again.
func (s *server) keyRevoked(ctx context.Context, r *http.Request) bool {
	_, err := s.cfg.Keys.Authenticate(ctx, headerValue(r.Header, canonicalAPIKey))
	return errors.Is(err, apikey.ErrUnknownKey)
}

// statusEvent encodes ev as one server-sent event.
func statusEvent(ev orchestration.OrderEvent) []byte {
	data, _ := json.Marshal(ev) // strings and numbers only: it cannot fail
	b := make([]byte, 0, len(data)+48)
	b = append(b, "id: "...)
	b = strconv.AppendInt(b, ev.ID, 10)
	b = append(b, "\nevent: status\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}

// sendStreamError ends a stream with an "error" event carrying the error
// body a JSON answer would have had.
func (s *server) sendStreamError(r *http.Request, send func([]byte) bool, err error) {
	body := errorBody(r, orchestration.EndpointOrderEvents.Fail, err)
	s.log.WarnContext(r.Context(), "order status stream failed", "request_id", body.RequestID, "error", err.Error())
	data, _ := json.Marshal(body)
	send(append(append([]byte("event: error\ndata: "), data...), "\n\n"...))
}

type shutdownKey struct{}

// shutdownOf is the channel closed when the server serving ctx's request
// begins a graceful shutdown; nil (never ready) for a server not made by
// HTTPServer.
func shutdownOf(ctx context.Context) <-chan struct{} {
	ch, _ := ctx.Value(shutdownKey{}).(<-chan struct{})
	return ch
}

// onShutdown makes srv close a channel when it begins shutting down, and
// puts that channel in the context of its requests (on top of base), so
// that streams end rather than hold up the shutdown.
func onShutdown(srv *http.Server, base context.Context) {
	ch := make(chan struct{})
	var once sync.Once
	srv.RegisterOnShutdown(func() { once.Do(func() { close(ch) }) })
	ctx := context.WithValue(base, shutdownKey{}, (<-chan struct{})(ch))
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
}

// jittered is a stream's lifetime d less up to a tenth, drawn at random:
// streams opened together (after a deploy, say) end apart, so their
// clients do not all reconnect at once.
func jittered(d time.Duration) time.Duration {
	return d - rand.N(d/10+1)
}
