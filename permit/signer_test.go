package permit_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/permit"
)

// jsonWalletSigner signs as a wallet's eth_signTypedData_v4 does: it reads
// the typed data's JSON, as it would arrive over RPC, with go-ethereum's
// apitypes and signs the hash go-ethereum computes of it.
type jsonWalletSigner struct {
	key *ecdsa.PrivateKey
}

func (s jsonWalletSigner) Address() common.Address { return crypto.PubkeyToAddress(s.key.PublicKey) }

func (s jsonWalletSigner) SignTypedData(_ context.Context, td eip2612.TypedData) ([]byte, error) {
	raw, err := json.Marshal(td)
	if err != nil {
		return nil, err
	}
	var wallet apitypes.TypedData
	if err := json.Unmarshal(raw, &wallet); err != nil {
		return nil, err
	}
	hash, _, err := apitypes.TypedDataAndHash(wallet)
	if err != nil {
		return nil, fmt.Errorf("hashing %s: %w", raw, err)
	}
	sig, err := crypto.Sign(hash, s.key)
	if err != nil {
		return nil, err
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}

// KeyTypedDataSigner signs what a wallet given the typed data's JSON signs:
// for each operation type the same signature (signatures are
// deterministic), with v 27 or 28, which Sign accepts.
func TestKeyTypedDataSigner(t *testing.T) {
	ctx := context.Background()
	s := permit.KeyTypedDataSigner(ownerKey)
	if s.Address() != owner {
		t.Fatalf("address %s, want %s", s.Address(), owner)
	}
	wallet := jsonWalletSigner{key: ownerKey}
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
