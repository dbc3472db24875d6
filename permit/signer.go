package permit

import (
	"context"
	"crypto/ecdsa"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/eip2612"
)

// TypedDataSigner signs a permit's EIP-712 typed data as Address: what
// Sign signs a permit with. A wallet reached over RPC sends the typed
// data's JSON (json.Marshal(td)) as eth_signTypedData_v4's second
// parameter; a signer holding a key signs eip2612.Digest(td.Domain,
// td.Message). SignTypedData returns the 65-byte signature r‖s‖v with v 27
// or 28; it may do I/O (a hardware wallet, a remote signer) and must give
// up when ctx ends. Implementations must be safe for concurrent use.
type TypedDataSigner interface {
	Address() common.Address
	SignTypedData(ctx context.Context, td eip2612.TypedData) ([]byte, error)
}

// KeyTypedDataSigner signs typed data with key: its EIP-712 hash
// (eip2612.Digest) signed with crypto.Sign, whose signatures have a low s,
// and v raised to 27 or 28.
func KeyTypedDataSigner(key *ecdsa.PrivateKey) TypedDataSigner {
	return keyTypedDataSigner{key: key, addr: crypto.PubkeyToAddress(key.PublicKey)}
}

type keyTypedDataSigner struct {
	key  *ecdsa.PrivateKey
	addr common.Address
}

func (s keyTypedDataSigner) Address() common.Address { return s.addr }

func (s keyTypedDataSigner) SignTypedData(ctx context.Context, td eip2612.TypedData) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	hash := eip2612.Digest(td.Domain, td.Message)
	sig, err := crypto.Sign(hash[:], s.key)
	if err != nil {
		return nil, fmt.Errorf("permit: signing typed data: %w", err)
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}
