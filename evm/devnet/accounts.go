package devnet

import (
	"crypto/ecdsa"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Account is a devnet test account. Its private key is derived from a public
// seed and printed at start-up: it guards nothing but devnet funds and must
// never hold anything on a real network.
type Account struct {
	Name    string
	Address common.Address
	Key     *ecdsa.PrivateKey
}

// KeyHex is the account's private key as 0x-prefixed hex, for wallets.
func (a Account) KeyHex() string { return fmt.Sprintf("%#x", crypto.FromECDSA(a.Key)) }

// The documented devnet accounts, in order. The deployer owns every contract
// and holds the admin and minter roles; the relayer delivers portal messages;
// the solver fills limit orders; the users start with tokens to spend.
var accountNames = []string{"deployer", "relayer", "solver", "alice", "bob", "carol"}

// accountSeed prefixes the text each key is hashed from. Changing it changes
// every devnet address, so it is fixed.
const accountSeed = "m0-orchestration devnet account "

// Accounts returns the devnet's test accounts. They are the same on every
// run: key i is keccak256(accountSeed + name).
func Accounts() []Account {
	out := make([]Account, len(accountNames))
	for i, name := range accountNames {
		key, err := crypto.ToECDSA(crypto.Keccak256([]byte(accountSeed + name)))
		if err != nil {
			panic(err) // a keccak output is a valid secp256k1 scalar with overwhelming probability; checked by TestAccountsAreStable
		}
		out[i] = Account{Name: name, Address: crypto.PubkeyToAddress(key.PublicKey), Key: key}
	}
	return out
}

// AccountByName returns the named account.
func AccountByName(name string) (Account, bool) {
	for _, a := range Accounts() {
		if a.Name == name {
			return a, true
		}
	}
	return Account{}, false
}
