package permit

import (
	"context"
	"crypto/ecdsa"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// TypedDataSigner signs EIP-712 typed data as Address, as a wallet's
// eth_signTypedData_v4 does: what Sign signs a permit with. SignTypedData returns the 65-byte signature r‖s‖v with v
// 27 or 28; it may do I/O (a hardware wallet, a remote signer) and must
// give up when ctx ends. Implementations must be safe for concurrent use.
type TypedDataSigner interface {
	Address() common.Address
	SignTypedData(ctx context.Context, td apitypes.TypedData) ([]byte, error)
}

// KeyTypedDataSigner signs typed data with key: the EIP-712 hash of the
// data (go-ethereum's apitypes.TypedDataAndHash) signed with
// crypto.Sign, whose signatures have a low s, and v raised to 27 or 28.
func KeyTypedDataSigner(key *ecdsa.PrivateKey) TypedDataSigner {
	return keyTypedDataSigner{key: key, addr: crypto.PubkeyToAddress(key.PublicKey)}
}

type keyTypedDataSigner struct {
	key  *ecdsa.PrivateKey
	addr common.Address
}

func (s keyTypedDataSigner) Address() common.Address { return s.addr }

func (s keyTypedDataSigner) SignTypedData(ctx context.Context, td apitypes.TypedData) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	hash, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return nil, fmt.Errorf("permit: hashing typed data: %w", err)
	}
	sig, err := crypto.Sign(hash, s.key)
	if err != nil {
		return nil, fmt.Errorf("permit: signing typed data: %w", err)
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}
