package evm

import (
	"context"
	"fmt"
	"net/http"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/m0-orchestration/m0/orchestration"
)

// DialOptions configures Dial. The zero value uses http.DefaultClient.
type DialOptions struct {
	// HTTPClient carries the JSON-RPC requests of http(s) endpoints; nil
	// means the rpc package's default. Wrap its Transport to count or slow
	// round trips, as the benchmarks do.
	HTTPClient *http.Client
}

// Dial connects to the JSON-RPC endpoint url of chain and checks that it
// serves chainID (eth_chainId, one round trip). Errors name the chain, never
// the URL, which often carries an API key.
func Dial(ctx context.Context, name orchestration.Chain, chainID uint64, url string, opts DialOptions) (*ethclient.Client, error) {
	var options []rpc.ClientOption
	if opts.HTTPClient != nil {
		options = append(options, rpc.WithHTTPClient(opts.HTTPClient))
	}
	rc, err := rpc.DialOptions(ctx, url, options...)
	if err != nil {
		return nil, fmt.Errorf("evm: dial %s: %w", name, redact(err))
	}
	client := ethclient.NewClient(rc)
	id, err := client.ChainID(ctx)
	if err != nil {
		client.Close()
		return nil, fmt.Errorf("evm: dial %s: eth_chainId: %w", name, redact(err))
	}
	if !id.IsUint64() || id.Uint64() != chainID {
		client.Close()
		return nil, fmt.Errorf("evm: dial %s: the endpoint serves chain id %s, want %d", name, id, chainID)
	}
	return client, nil
}
