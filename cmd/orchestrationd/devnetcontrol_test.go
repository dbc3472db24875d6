package main

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/m0-orchestration/m0/evm/devnet"
)

// The devnet's fault switches (decision 101): with blocks paused a
// transaction sent stays unmined and the head stays where it was; resumed,
// it is mined. Unknown switches and GETs are refused.
func TestDevnetControlPausesBlocks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	d, err := devnet.Start(ctx, devnet.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	srv := httptest.NewServer(devnetControl(d))
	defer srv.Close()
	post := func(path string) int {
		t.Helper()
		resp, err := http.Post(srv.URL+path, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for path, want := range map[string]int{"/relayer/pause": 204, "/relayer/resume": 204, "/clock/pause": 404} {
		if got := post(path); got != want {
			t.Errorf("POST %s: %d, want %d", path, got, want)
		}
	}

	if got := post("/blocks/pause"); got != http.StatusNoContent {
		t.Fatalf("POST /blocks/pause: %d", got)
	}
	c := d.Chains()[0]
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	head, err := c.Client().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	nonce, err := c.Client().PendingNonceAt(ctx, alice.Address)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := types.SignNewTx(alice.Key, types.LatestSignerForChainID(new(big.Int).SetUint64(c.ChainID)), &types.DynamicFeeTx{
		ChainID: new(big.Int).SetUint64(c.ChainID), Nonce: nonce, To: &bob.Address, Value: big.NewInt(1), Gas: 21_000,
		GasFeeCap: big.NewInt(100e9), GasTipCap: big.NewInt(1e9)})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Client().SendTransaction(ctx, tx); err != nil {
		t.Fatal(err)
	}
	// A running sealer mines it within milliseconds; give it ample time
	// not to.
	time.Sleep(time.Second)
	if _, err := c.Client().TransactionReceipt(ctx, tx.Hash()); !errors.Is(err, ethereum.NotFound) {
		t.Errorf("a transaction sent with blocks paused: receipt error %v, want not found", err)
	}
	if now, err := c.Client().BlockNumber(ctx); err != nil || now != head {
		t.Errorf("head %d (%v) with blocks paused, want %d", now, err, head)
	}
	if got := post("/blocks/resume"); got != http.StatusNoContent {
		t.Fatalf("POST /blocks/resume: %d", got)
	}
	if _, err := c.WaitMined(ctx, tx); err != nil {
		t.Errorf("the transaction after resuming: %v", err)
	}
}
