package svm

import (
	"encoding/binary"
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// Well-known program ids: the SPL programs every transaction here may call,
// and M0's v2 M mint (the same on mainnet and devnet).
var (
	TokenProgram           = solana.TokenProgramID
	Token2022Program       = solana.Token2022ProgramID
	AssociatedTokenProgram = solana.SPLAssociatedTokenAccountProgramID
	SystemProgram          = solana.SystemProgramID
	ComputeBudgetProgram   = solana.MustPublicKeyFromBase58("ComputeBudget111111111111111111111111111111")
	MMint                  = solana.MustPublicKeyFromBase58("mzerojk9tg56ebsrEAhfkyc9VgKjTW2zDqp6C5mhjzH")
)

// PDA derives the program address of seeds under program: the first bump,
// from 255 down, that puts the address off the curve.
func PDA(program solana.PublicKey, seeds ...[]byte) (solana.PublicKey, error) {
	k, _, err := solana.FindProgramAddress(seeds, program)
	if err != nil {
		return solana.PublicKey{}, fmt.Errorf("svm: deriving a PDA of %s: %w", program, err)
	}
	return k, nil
}

// mustPDA is PDA for seeds that are constants or 32-byte keys, for which no
// bump fails in practice (the probability is 2^-255 per seed set), so a
// failure is a bug worth a panic rather than an error on every path.
func mustPDA(program solana.PublicKey, seeds ...[]byte) solana.PublicKey {
	k, err := PDA(program, seeds...)
	if err != nil {
		panic(err)
	}
	return k
}

// Global is ["global"] under program: ext_swap's SwapGlobal, an m_ext
// extension's global, the Portal's, the order book's and earn's.
func Global(program solana.PublicKey) solana.PublicKey {
	return mustPDA(program, []byte("global"))
}

// MVault is an m_ext extension's ["m_vault"]: the authority of the token
// account that holds the extension's M.
func MVault(extProgram solana.PublicKey) solana.PublicKey {
	return mustPDA(extProgram, []byte("m_vault"))
}

// MintAuthority is an m_ext extension's ["mint_authority"].
func MintAuthority(extProgram solana.PublicKey) solana.PublicKey {
	return mustPDA(extProgram, []byte("mint_authority"))
}

// PortalAuthority is the Portal's ["authority"], which unwraps and burns M
// on a send.
func PortalAuthority(portal solana.PublicKey) solana.PublicKey {
	return mustPDA(portal, []byte("authority"))
}

// EventAuthority is ["__event_authority"], the account #[event_cpi]
// instructions pass before the program itself.
func EventAuthority(program solana.PublicKey) solana.PublicKey {
	return mustPDA(program, []byte("__event_authority"))
}

// ChainPaths is the Portal's ["chain_paths", u32 LE chain id]: the bridge
// paths to an M0 chain id.
func ChainPaths(portal solana.PublicKey, m0ChainID uint32) solana.PublicKey {
	return mustPDA(portal, []byte("chain_paths"), binary.LittleEndian.AppendUint32(nil, m0ChainID))
}

// OrderBookDestination is the order book's ["destination", u32 LE chain
// id]. Little-endian as at the program's HEAD and mainnet deployment; an
// older quoter used big-endian.
func OrderBookDestination(orderBook solana.PublicKey, m0ChainID uint32) solana.PublicKey {
	return mustPDA(orderBook, []byte("destination"), binary.LittleEndian.AppendUint32(nil, m0ChainID))
}

// AssociatedTokenAddress is the associated token account of owner for mint
// under tokenProgram (SPL Token or Token-2022). solana-go's own helper
// assumes SPL Token, which would give the wrong account for every M0 mint
// (all Token-2022), hence the token program as an argument.
func AssociatedTokenAddress(owner, mint, tokenProgram solana.PublicKey) solana.PublicKey {
	return mustPDA(AssociatedTokenProgram, owner[:], tokenProgram[:], mint[:])
}
