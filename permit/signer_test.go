package permit_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/permit"
)

// wallet is a wallet's eth_signTypedData_v4 over JSON-RPC, as go-ethereum
// reads and hashes typed data (apitypes): the far side of a signer that
// sends the typed data's JSON.
type wallet struct{ key *ecdsa.PrivateKey }

func (w wallet) SignTypedData_v4(addr common.Address, td apitypes.TypedData) (hexutil.Bytes, error) {
	if addr != crypto.PubkeyToAddress(w.key.PublicKey) {
		return nil, fmt.Errorf("no key for %s", addr)
	}
	hash, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return nil, err
	}
	sig, err := crypto.Sign(hash, w.key)
	if err != nil {
		return nil, err
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}

// rpcWalletSigner is a TypedDataSigner over a wallet's RPC: it sends the
// typed data's JSON to eth_signTypedData_v4.
type rpcWalletSigner struct {
	client *rpc.Client
	addr   common.Address
}

func (s rpcWalletSigner) Address() common.Address { return s.addr }

func (s rpcWalletSigner) SignTypedData(ctx context.Context, td eip2612.TypedData) ([]byte, error) {
	raw, err := json.Marshal(td)
	if err != nil {
		return nil, err
	}
	var sig hexutil.Bytes
	if err := s.client.CallContext(ctx, &sig, "eth_signTypedData_v4", s.addr, json.RawMessage(raw)); err != nil {
		return nil, err
	}
	return sig, nil
}

func walletSigner(t *testing.T, key *ecdsa.PrivateKey) rpcWalletSigner {
	t.Helper()
	srv := rpc.NewServer()
	if err := srv.RegisterName("eth", wallet{key}); err != nil {
		t.Fatal(err)
	}
	client := rpc.DialInProc(srv)
	t.Cleanup(func() { client.Close(); srv.Stop() })
	return rpcWalletSigner{client: client, addr: crypto.PubkeyToAddress(key.PublicKey)}
}

// KeyTypedDataSigner signs what a wallet given the typed data's JSON over
// eth_signTypedData_v4 signs: for each operation type the same signature
// (signatures are deterministic), with v 27 or 28; Sign accepts the
// wallet's too.
func TestKeyTypedDataSigner(t *testing.T) {
	ctx := context.Background()
	s := permit.KeyTypedDataSigner(ownerKey)
	if s.Address() != owner {
		t.Fatalf("address %s, want %s", s.Address(), owner)
	}
	wallet := walletSigner(t, ownerKey)
	for _, r := range recipes() {
		t.Run(r.Operation.Type(), func(t *testing.T) {
			td, err := permit.TypedData(r)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.SignTypedData(ctx, td)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 65 || (got[64] != 27 && got[64] != 28) {
				t.Fatalf("signature %x: want 65 bytes with v 27 or 28", got)
			}
			want, err := wallet.SignTypedData(ctx, td)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("signature %x, a wallet signs %x", got, want)
			}
			if _, err := permit.Sign(ctx, r, wallet); err != nil {
				t.Fatalf("Sign with the wallet: %v", err)
			}
		})
	}

	ctx, cancel := context.WithCancel(ctx)
	cancel()
	td, _ := permit.TypedData(swapRecipe())
	if _, err := s.SignTypedData(ctx, td); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}
