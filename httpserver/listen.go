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

// HTTPServer returns an *http.Server for h on addr with the timeouts of cfg
// (see Config for the defaults) and its error log routed to cfg.Logger.
func HTTPServer(addr string, h http.Handler, cfg Config) *http.Server {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: orDefault(cfg.ReadHeaderTimeout, 5*time.Second),
		ReadTimeout:       orDefault(cfg.ReadTimeout, 30*time.Second),
		WriteTimeout:      orDefault(cfg.WriteTimeout, 30*time.Second),
		IdleTimeout:       orDefault(cfg.IdleTimeout, 60*time.Second),
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// ListenAndServe listens on addr and serves h until ctx is cancelled, then
// shuts down gracefully: it stops accepting, lets in-flight requests finish
// within cfg.ShutdownTimeout (default 15s), and returns nil. It returns an
// error if it cannot listen, if serving fails, or if the shutdown times out
// (remaining connections are then closed).
func ListenAndServe(ctx context.Context, addr string, h http.Handler, cfg Config) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("httpserver: %w", err)
	}
	return Serve(ctx, ln, h, cfg)
}

// Serve is ListenAndServe on an existing listener, which it closes.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, cfg Config) error {
	srv := HTTPServer(ln.Addr().String(), h, cfg)
	// Requests keep ctx's values but not its cancellation: in-flight work
	// must be allowed to finish during a graceful shutdown.
	base := context.WithoutCancel(ctx)
	srv.BaseContext = func(net.Listener) context.Context { return base }

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("httpserver: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), orDefault(cfg.ShutdownTimeout, 15*time.Second))
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		<-served
		return fmt.Errorf("httpserver: shutdown: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("httpserver: %w", err)
	}
	return nil
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
