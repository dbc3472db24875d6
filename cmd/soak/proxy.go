package main

import (
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"time"
)

// proxyMode is what a faultProxy does with a request.
type proxyMode int

const (
	proxyPass proxyMode = iota // forward it (after the delay, if any)
	proxyDown                  // drop the connection: the endpoint is down
	proxyHang                  // answer nothing until the caller gives up: the endpoint stopped answering
)

// faultProxy is an HTTP reverse proxy in front of one endpoint (a chain's
// JSON-RPC, the solver's RFQ endpoint) whose latency and availability the
// fault schedule controls.
type faultProxy struct {
	name   string
	target *url.URL
	rp     *httputil.ReverseProxy
	srv    *http.Server
	url    string // the proxy's own, with the target's path

	mu    sync.Mutex
	mode  proxyMode
	delay time.Duration
}

// newFaultProxy starts a proxy for target on a free loopback port.
func newFaultProxy(name, target string) (*faultProxy, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &faultProxy{name: name, target: u, rp: httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})}
	// A caller that gave up (the hang mode, a timeout) is not news.
	p.rp.ErrorLog = log.New(io.Discard, "", 0)
	p.srv = &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	go p.srv.Serve(ln)
	own := *u
	own.Host = ln.Addr().String()
	p.url = own.String()
	return p, nil
}

// set changes the proxy's mode and delay for the requests that come next.
func (p *faultProxy) set(mode proxyMode, delay time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode, p.delay = mode, delay
}

func (p *faultProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	mode, delay := p.mode, p.delay
	p.mu.Unlock()
	switch mode {
	case proxyDown:
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
				return
			}
		}
		w.WriteHeader(http.StatusBadGateway)
		return
	case proxyHang:
		<-r.Context().Done()
		return
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	p.rp.ServeHTTP(w, r)
}

func (p *faultProxy) close() { p.srv.Close() }
