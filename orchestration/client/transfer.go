package client

import (
	"context"
	"net/url"

	"github.com/m0-orchestration/m0/orchestration"
)

var _ orchestration.TransferTracker = (*Client)(nil)

// Transfer calls GET /transfers/{chain}/{txHash}, the status of a transfer
// by its source transaction.
func (c *Client) Transfer(ctx context.Context, chain orchestration.Chain, txHash string) (*orchestration.TransferStatus, error) {
	return call[orchestration.TransferStatus](ctx, c, orchestration.EndpointTransfer,
		"/transfers/"+url.PathEscape(string(chain))+"/"+url.PathEscape(txHash), nil, nil)
}
