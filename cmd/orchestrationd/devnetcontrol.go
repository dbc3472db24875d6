package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/m0-orchestration/m0/evm/devnet"
)

// devnetControl is the devnet command's fault switches (-control-addr),
// for soak runs and operators rehearsing outages (decision 101): POST
// /relayer/pause and /relayer/resume stall and resume the relayer, POST
// /blocks/pause and /blocks/resume stop and resume block production on
// every chain. Each answers 204; it listens on loopback addresses only as
// given, with no authentication: it is a devnet's.
func devnetControl(d *devnet.Devnet) http.Handler {
	mux := http.NewServeMux()
	switches := map[string]func(bool){"relayer": d.PauseRelayer, "blocks": d.PauseSealing}
	for name, set := range switches {
		mux.HandleFunc("POST /"+name+"/pause", func(w http.ResponseWriter, _ *http.Request) {
			set(true)
			w.WriteHeader(http.StatusNoContent)
		})
		mux.HandleFunc("POST /"+name+"/resume", func(w http.ResponseWriter, _ *http.Request) {
			set(false)
			w.WriteHeader(http.StatusNoContent)
		})
	}
	return mux
}

// serveDevnetControl listens on addr and serves devnetControl(d) until ctx
// ends; it returns the URL it listens at.
func serveDevnetControl(ctx context.Context, addr string, d *devnet.Devnet) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("devnet: -control-addr: %w", err)
	}
	srv := &http.Server{Handler: devnetControl(d), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln) // ends with ErrServerClosed when ctx does
	context.AfterFunc(ctx, func() { srv.Close() })
	return "http://" + ln.Addr().String(), nil
}
