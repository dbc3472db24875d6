package svm_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// Keys of the Solana facts (reference/m0-solana-facts.md §1 and §8).
var (
	extSwapID = solana.MustPublicKeyFromBase58("MSwapi3WhNKMUGm9YrxGhypgUEt7wYQH3ZgG32XoWzH")
	wM        = svm.Extension{
		Program:      solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"),
		Mint:         solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"),
		TokenProgram: solana.Token2022ProgramID,
	}
	usdk = svm.Extension{
		Program:      solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"),
		Mint:         solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"),
		TokenProgram: solana.Token2022ProgramID,
	}
	// owner is an arbitrary user key.
	owner = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
)

// rawIDL is the ext_swap IDL read independently of the package's parser,
// straight from the embedded file: what the golden tests compare against.
type rawIDL struct {
	Address      string           `json:"address"`
	Instructions []rawInstruction `json:"instructions"`
}

type rawInstruction struct {
	Name          string `json:"name"`
	Discriminator []int  `json:"discriminator"`
	Accounts      []struct {
		Name     string `json:"name"`
		Writable bool   `json:"writable"`
		Signer   bool   `json:"signer"`
		Optional bool   `json:"optional"`
		Address  string `json:"address"`
	} `json:"accounts"`
	Args []struct {
		Name string          `json:"name"`
		Type json.RawMessage `json:"type"`
	} `json:"args"`
}

func readIDL(t *testing.T) rawIDL {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("idl", "ext_swap.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f rawIDL
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// anchorDisc is Anchor's instruction discriminator.
func anchorDisc(name string) []byte {
	sum := sha256.Sum256([]byte("global:" + name))
	return sum[:8]
}

func newExtSwap(t *testing.T) *svm.ExtSwap {
	t.Helper()
	s, err := svm.NewExtSwap(svm.ExtSwapConfig{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ata is the associated token account, derived here the long way (the
// ATA program's seeds) so the test does not lean on the helper it checks.
func ata(t *testing.T, owner, mint, tokenProgram solana.PublicKey) solana.PublicKey {
	t.Helper()
	k, _, err := solana.FindProgramAddress([][]byte{owner[:], tokenProgram[:], mint[:]}, solana.SPLAssociatedTokenAccountProgramID)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func pda(t *testing.T, program solana.PublicKey, seed string) solana.PublicKey {
	t.Helper()
	k, _, err := solana.FindProgramAddress([][]byte{[]byte(seed)}, program)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestExtSwapAgainstIDL builds each user instruction and checks it, byte
// for byte and account for account, against the IDL file: the
// discriminator is sha256("global:<name>")[:8] and the IDL's own, the data
// is discriminator ‖ borsh(args) in the IDL's arg order, and every account
// sits at its IDL position with the IDL's signer and writable flags (an
// optional account left out is the program id, neither signing nor
// written) and the key the Solana facts give it.
func TestExtSwapAgainstIDL(t *testing.T) {
	idl := readIDL(t)
	s := newExtSwap(t)
	if idl.Address != extSwapID.String() || !s.ProgramID().Equals(extSwapID) {
		t.Fatalf("program id %s, IDL %s, facts %s", s.ProgramID(), idl.Address, extSwapID)
	}
	m := svm.MMint
	swapGlobal := pda(t, extSwapID, "global")
	const amount = uint64(1_234_567)

	wrap, err := s.Wrap(svm.WrapParams{Owner: owner, To: usdk, Amount: amount})
	if err != nil {
		t.Fatal(err)
	}
	unwrap, err := s.Unwrap(svm.UnwrapParams{Owner: owner, From: wM, Amount: amount})
	if err != nil {
		t.Fatal(err)
	}
	swap, err := s.Swap(svm.SwapParams{Owner: owner, From: wM, To: usdk, Amount: amount})
	if err != nil {
		t.Fatal(err)
	}
	vault := func(e svm.Extension) solana.PublicKey { return pda(t, e.Program, "m_vault") }
	tests := []struct {
		name string
		ix   *solana.GenericInstruction
		args []byte // borsh of the args, built here by hand
		keys map[string]solana.PublicKey
	}{
		{"wrap", wrap, binary.LittleEndian.AppendUint64(nil, amount), map[string]solana.PublicKey{
			"signer": owner, "wrap_authority": extSwapID, "swap_global": swapGlobal,
			"to_global": pda(t, usdk.Program, "global"), "to_mint": usdk.Mint, "m_mint": m,
			"m_token_account": ata(t, owner, m, solana.Token2022ProgramID), "to_token_account": ata(t, owner, usdk.Mint, usdk.TokenProgram),
			"to_m_vault_auth": vault(usdk), "to_mint_authority": pda(t, usdk.Program, "mint_authority"),
			"to_m_vault": ata(t, vault(usdk), m, solana.Token2022ProgramID), "to_token_program": usdk.TokenProgram,
			"m_token_program": solana.Token2022ProgramID, "to_ext_program": usdk.Program, "system_program": solana.SystemProgramID,
		}},
		{"unwrap", unwrap, binary.LittleEndian.AppendUint64(nil, amount), map[string]solana.PublicKey{
			"signer": owner, "unwrap_authority": extSwapID, "swap_global": swapGlobal,
			"from_global": pda(t, wM.Program, "global"), "from_mint": wM.Mint, "m_mint": m,
			"m_token_account": ata(t, owner, m, solana.Token2022ProgramID), "from_token_account": ata(t, owner, wM.Mint, wM.TokenProgram),
			"from_m_vault_auth": vault(wM), "from_mint_authority": pda(t, wM.Program, "mint_authority"),
			"from_m_vault": ata(t, vault(wM), m, solana.Token2022ProgramID), "from_token_program": wM.TokenProgram,
			"m_token_program": solana.Token2022ProgramID, "from_ext_program": wM.Program, "system_program": solana.SystemProgramID,
		}},
		{"swap", swap, append(binary.LittleEndian.AppendUint64(nil, amount), 0), map[string]solana.PublicKey{
			"signer": owner, "wrap_authority": extSwapID, "unwrap_authority": extSwapID, "swap_global": swapGlobal,
			"from_global": pda(t, wM.Program, "global"), "to_global": pda(t, usdk.Program, "global"),
			"from_mint": wM.Mint, "to_mint": usdk.Mint, "m_mint": m,
			"from_token_account": ata(t, owner, wM.Mint, wM.TokenProgram), "to_token_account": ata(t, owner, usdk.Mint, usdk.TokenProgram),
			"swap_m_account":    solana.MustPublicKeyFromBase58("7dM9YCAbN9XGixnaP7wnyQDVZH6BVy6HPFeZr1SWVNka"),
			"from_m_vault_auth": vault(wM), "to_m_vault_auth": vault(usdk),
			"from_mint_authority": pda(t, wM.Program, "mint_authority"), "to_mint_authority": pda(t, usdk.Program, "mint_authority"),
			"from_m_vault": ata(t, vault(wM), m, solana.Token2022ProgramID), "to_m_vault": ata(t, vault(usdk), m, solana.Token2022ProgramID),
			"from_token_program": wM.TokenProgram, "to_token_program": usdk.TokenProgram, "m_token_program": solana.Token2022ProgramID,
			"from_ext_program": wM.Program, "to_ext_program": usdk.Program, "system_program": solana.SystemProgramID,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := slices.IndexFunc(idl.Instructions, func(x rawInstruction) bool { return x.Name == tt.name })
			if i < 0 {
				t.Fatalf("the IDL has no %s", tt.name)
			}
			want := idl.Instructions[i]
			var disc []byte
			for _, b := range want.Discriminator {
				disc = append(disc, byte(b))
			}
			if !slices.Equal(disc, anchorDisc(tt.name)) {
				t.Errorf("IDL discriminator %v is not sha256(global:%s)[:8] = %v", disc, tt.name, anchorDisc(tt.name))
			}
			if !tt.ix.ProgramID().Equals(extSwapID) {
				t.Errorf("program %s", tt.ix.ProgramID())
			}
			data, _ := tt.ix.Data()
			if wantData := append(slices.Clone(disc), tt.args...); !slices.Equal(data, wantData) {
				t.Errorf("data %x, want %x", data, wantData)
			}
			metas := tt.ix.Accounts()
			if len(metas) != len(want.Accounts) {
				t.Fatalf("%d accounts, IDL %d", len(metas), len(want.Accounts))
			}
			if len(tt.keys) != len(want.Accounts) {
				t.Fatalf("the test names %d keys for the IDL's %d accounts", len(tt.keys), len(want.Accounts))
			}
			for j, a := range want.Accounts {
				got := metas[j]
				signer, writable := a.Signer, a.Writable
				if a.Optional && got.PublicKey.Equals(extSwapID) {
					signer, writable = false, false // Anchor's None
				}
				if got.IsSigner != signer || got.IsWritable != writable {
					t.Errorf("account %d (%s): signer %v writable %v, IDL %v %v", j, a.Name, got.IsSigner, got.IsWritable, signer, writable)
				}
				if k, ok := tt.keys[a.Name]; !ok || !got.PublicKey.Equals(k) {
					t.Errorf("account %d (%s) = %s, want %s", j, a.Name, got.PublicKey, k)
				}
				if a.Address != "" && got.PublicKey.String() != a.Address {
					t.Errorf("account %d (%s) = %s, IDL fixes %s", j, a.Name, got.PublicKey, a.Address)
				}
			}
		})
	}
}

// TestExtSwapAuthorities: a given wrap or unwrap authority takes its slot
// as a signer, not the program id.
func TestExtSwapAuthorities(t *testing.T) {
	s := newExtSwap(t)
	auth := solana.MustPublicKeyFromBase58("5qRSth9bauYSDcSF6rduiLciDAfCNWWd8EiHhgX1w5Tb")
	ix, err := s.Swap(svm.SwapParams{Owner: owner, From: wM, To: usdk, Amount: 1, UnwrapAuthority: auth})
	if err != nil {
		t.Fatal(err)
	}
	a := ix.Accounts()
	if !a[1].PublicKey.Equals(extSwapID) || a[1].IsSigner {
		t.Errorf("wrap_authority = %+v, want the program id, unsigned", a[1])
	}
	if !a[2].PublicKey.Equals(auth) || !a[2].IsSigner || a[2].IsWritable {
		t.Errorf("unwrap_authority = %+v, want %s signing, read-only", a[2], auth)
	}
}

func TestExtSwapRefuses(t *testing.T) {
	s := newExtSwap(t)
	splUSDK := usdk
	splUSDK.TokenProgram = solana.SystemProgramID
	cases := map[string]error{}
	_, cases["amount 0"] = s.Wrap(svm.WrapParams{Owner: owner, To: usdk})
	_, cases["no owner"] = s.Unwrap(svm.UnwrapParams{From: wM, Amount: 1})
	_, cases["same program"] = s.Swap(svm.SwapParams{Owner: owner, From: wM, To: wM, Amount: 1})
	_, cases["bad token program"] = s.Swap(svm.SwapParams{Owner: owner, From: wM, To: splUSDK, Amount: 1})
	_, cases["no mint"] = s.Wrap(svm.WrapParams{Owner: owner, To: svm.Extension{Program: usdk.Program, TokenProgram: usdk.TokenProgram}, Amount: 1})
	for name, err := range cases {
		if err == nil {
			t.Errorf("%s: built", name)
		}
	}
}
