// Command embed-rpc is the smallest Go program embedding the orchestration
// service against real chains: the built-in catalog of M0 deployments, read
// through the JSON-RPC endpoints given on the command line, served under
// /v1/orchestration with one API key taken from the environment.
//
//	EMBED_RPC_API_KEY=$(openssl rand -hex 16) go run ./examples/embed-rpc \
//		-rpc Ethereum=https://eth.example/KEY -rpc Arbitrum=https://arb.example/KEY
//
// It calls only service.New, so it links no simulated chain: the service
// package's tests check its dependencies, and the README states the size it
// builds to.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/service"
)

// keyEnv holds the secret of the program's API key.
const keyEnv = "EMBED_RPC_API_KEY"

func main() {
	addr := flag.String("addr", "127.0.0.1:8082", "listen address")
	rpc := endpoints{}
	flag.Var(rpc, "rpc", "CHAIN=URL, a JSON-RPC endpoint of a chain of the built-in catalog (repeatable)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	if err := run(ctx, ln, rpc, os.Getenv(keyEnv), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run serves the service on ln until ctx ends.
func run(ctx context.Context, ln net.Listener, rpc map[orchestration.Chain]string, key string, out io.Writer) error {
	if key == "" {
		return fmt.Errorf("%s is empty: set it to the API key's secret (%d to %d characters)", keyEnv, apikey.MinSecretLen, apikey.MaxSecretLen)
	}
	svc, err := service.New(ctx, service.Config{
		RPC:  rpc,
		Keys: service.KeysConfig{Ensure: []apikey.NewKey{{Name: "embed-rpc", Secret: key}}},
	})
	if err != nil {
		return err
	}
	defer svc.Close()
	fmt.Fprintf(out, "embed-rpc: serving http://%s/v1/orchestration (%d chains with an endpoint)\n", ln.Addr(), len(rpc))
	return httpserver.Serve(ctx, ln, svc.Handler(), svc.HTTPConfig())
}

// endpoints is the -rpc flag: CHAIN=URL, repeatable.
type endpoints map[orchestration.Chain]string

func (e endpoints) String() string { return fmt.Sprintf("%d endpoints", len(e)) }

func (e endpoints) Set(v string) error {
	chain, url, ok := strings.Cut(v, "=")
	if !ok || chain == "" || url == "" {
		return errors.New("want CHAIN=URL")
	}
	e[orchestration.Chain(chain)] = url
	return nil
}
