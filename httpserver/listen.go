package httpserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// The defaults of Config's timeouts. ReadTimeout (which covers the body)
// fits inside ShutdownTimeout, so a client trickling a body is cut off
// before a graceful shutdown gives up on it.
const (
	defaultReadHeaderTimeout = 5 * time.Second
	defaultReadTimeout       = 10 * time.Second
	defaultWriteTimeout      = 30 * time.Second
	defaultIdleTimeout       = 60 * time.Second
	defaultShutdownTimeout   = 15 * time.Second
)

// MaxHeaderBytes bounds a request's header block in the *http.Server of
// HTTPServer (net/http allows 4 KiB more, for the request line and its
// buffering); a larger one is refused by net/http with a plain-text 431
// before any handler runs. An API request's headers are a few hundred
// bytes, so 64 KiB leaves room for large cookies and proxy headers without
// letting a client make the server read and hold a megabyte of headers
// (net/http's default) per request.
const MaxHeaderBytes = 64 << 10

// HTTPServer returns an *http.Server for h on addr with the timeouts of cfg
// (see Config for the defaults) and its error log routed to cfg.Logger.
// ReadTimeout and ReadHeaderTimeout are capped at the shutdown timeout.
// Its Shutdown ends the order status streams it serves (they would hold
// it up until its deadline otherwise).
func HTTPServer(addr string, h http.Handler, cfg Config) *http.Server {
	return httpServer(addr, h, cfg, context.Background())
}

// httpServer is HTTPServer with base as its requests' context.
func httpServer(addr string, h http.Handler, cfg Config, base context.Context) *http.Server {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	shutdown := orDefault(cfg.ShutdownTimeout, defaultShutdownTimeout)
	srv := &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: min(orDefault(cfg.ReadHeaderTimeout, defaultReadHeaderTimeout), shutdown),
		ReadTimeout:       min(orDefault(cfg.ReadTimeout, defaultReadTimeout), shutdown),
		WriteTimeout:      orDefault(cfg.WriteTimeout, defaultWriteTimeout),
		IdleTimeout:       orDefault(cfg.IdleTimeout, defaultIdleTimeout),
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	onShutdown(srv, base)
	return srv
}

// ListenAndServe listens on addr and serves h until ctx is cancelled, then
// shuts down gracefully: it stops accepting, lets in-flight requests finish
// within cfg.ShutdownTimeout (default 15s), closes the connections still
// open after that, and returns nil. It returns an error only if it cannot
// listen or serving fails.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, cfg Config) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("httpserver: %w", err)
	}
	return Serve(ctx, ln, h, cfg)
}

// Serve is ListenAndServe on an existing listener, which it closes. It logs
// the start and the end of the shutdown, and a warning naming the deadline
// when connections had to be cut.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, cfg Config) error {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	// Requests keep ctx's values but not its cancellation: in-flight work
	// must be allowed to finish during a graceful shutdown.
	srv := httpServer(ln.Addr().String(), h, cfg, context.WithoutCancel(ctx))

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("httpserver: %w", err)
	case <-ctx.Done():
	}
	timeout := orDefault(cfg.ShutdownTimeout, defaultShutdownTimeout)
	start := time.Now()
	log.Info("shutting down: no new connections; waiting for in-flight requests",
		"addr", ln.Addr().String(), "timeout", timeout)
	sctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		// The deadline passed with requests still in flight (or a body
		// still arriving): cut them. The process still ends cleanly; the
		// cut clients see a closed connection.
		log.Warn("shutdown deadline passed; closing the remaining connections", "timeout", timeout)
		srv.Close()
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("httpserver: %w", err)
	}
	log.Info("shut down", "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// orDefault is d, or def when d is not positive: unlike cmp.Or, a negative
// timeout from a config also means the default, never "no time at all".
func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
