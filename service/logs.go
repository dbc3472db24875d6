package service

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm"
)

// The chain clients made from Config.RPC also read logs and headers, for
// the order indexer, and dial again on use the same way.
var _ evm.LogBackend = (*redialBackend)(nil)

func (b *redialBackend) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	c, err := b.get(ctx)
	if err != nil {
		return nil, err
	}
	return c.FilterLogs(ctx, q)
}

func (b *redialBackend) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	c, err := b.get(ctx)
	if err != nil {
		return nil, err
	}
	return c.HeaderByNumber(ctx, number)
}
