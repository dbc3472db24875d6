package devnet

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestChainMinesOnArrivalWithRealChainID(t *testing.T) {
	key, _ := crypto.GenerateKey()
	from := crypto.PubkeyToAddress(key.PublicKey)
	c, err := startChain(chainOptions{Name: orchestration.BaseSepolia, ChainID: 84532, HTTP: true,
		Alloc: types.GenesisAlloc{from: {Balance: big.NewInt(1e18)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	// Over loopback HTTP, as a wallet would see it.
	rc, err := ethclient.DialContext(ctx, c.RPCURL())
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	id, err := rc.ChainID(ctx)
	if err != nil || id.Uint64() != 84532 {
		t.Fatalf("chain id over RPC = %v, %v; want 84532", id, err)
	}
	to := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	tx := sendValue(t, ctx, rc, key, to, big.NewInt(12345), id)
	if _, err := c.WaitMined(ctx, tx); err != nil {
		t.Fatal(err)
	}
	bal, err := rc.BalanceAt(ctx, to, nil)
	if err != nil || bal.Int64() != 12345 {
		t.Fatalf("recipient balance = %v, %v", bal, err)
	}

	before := c.Now()
	if err := c.AdvanceTime(time.Hour); err != nil {
		t.Fatal(err)
	}
	if got := c.Now().Sub(before); got < time.Hour {
		t.Fatalf("clock moved %v, want at least 1h", got)
	}
}

func sendValue(t *testing.T, ctx context.Context, ec *ethclient.Client, key *ecdsa.PrivateKey, to common.Address, v, chainID *big.Int) *types.Transaction {
	t.Helper()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := ec.PendingNonceAt(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	tip, err := ec.SuggestGasTipCap(ctx)
	if err != nil {
		t.Fatal(err)
	}
	head, err := ec.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{
		ChainID: chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap, Gas: 21000, To: &to, Value: v,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := ec.SendTransaction(ctx, tx); err != nil {
		t.Fatal(err)
	}
	return tx
}

// A deployment waits a bounded time for each transaction: one never sealed
// (here, never sent) fails Start with its name instead of hanging when the
// caller's context has no deadline.
func TestPipelineWaitIsBounded(t *testing.T) {
	key, _ := crypto.GenerateKey()
	from := crypto.PubkeyToAddress(key.PublicKey)
	c, err := startChain(chainOptions{Name: orchestration.BaseSepolia, ChainID: 84532,
		Alloc: types.GenesisAlloc{from: {Balance: big.NewInt(1e18)}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	p, err := newPipeline(context.Background(), c, key)
	if err != nil {
		t.Fatal(err)
	}
	p.minedTimeout = 50 * time.Millisecond
	unsent, err := types.SignNewTx(key, types.LatestSignerForChainID(big.NewInt(84532)),
		&types.DynamicFeeTx{ChainID: big.NewInt(84532), Nonce: p.nonce, Gas: 21_000, GasFeeCap: big.NewInt(1e9)})
	if err != nil {
		t.Fatal(err)
	}
	p.sent = append(p.sent, sentTx{"deploy Nothing", unsent})
	if err := p.wait(); err == nil || !strings.Contains(err.Error(), "deploy Nothing") || !strings.Contains(err.Error(), "not sealed within 50ms") {
		t.Errorf("wait = %v, want the transaction named as not sealed within 50ms", err)
	}
}
