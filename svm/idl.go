package svm

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// Program is an Anchor program described by its IDL (the 0.30+ format, in
// which each instruction carries its discriminator and each account its
// signer, writable and optional flags). It is the one encoder of the
// package: every instruction builder goes through Instruction, so
// discriminators, account order and flags come from the IDL file and are
// typed nowhere else.
//
// A Program is immutable once parsed and safe for concurrent use.
type Program struct {
	id      solana.PublicKey
	name    string
	version string
	ixs     map[string]*idlInstruction
	types   map[string]idlTypeDef
	// accounts are the account types' discriminators, by name.
	accounts map[string][]byte
}

// idl is the subset of an Anchor IDL file the encoder reads.
type idl struct {
	Address  string `json:"address"`
	Metadata struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"metadata"`
	Instructions []idlInstruction `json:"instructions"`
	Types        []idlTypeDef     `json:"types"`
	Accounts     []struct {
		Name    string `json:"name"`
		RawDisc []int  `json:"discriminator"`
	} `json:"accounts"`
}

type idlInstruction struct {
	Name          string       `json:"name"`
	Discriminator []byte       `json:"-"`
	RawDisc       []int        `json:"discriminator"`
	Accounts      []idlAccount `json:"accounts"`
	Args          []idlField   `json:"args"`
}

type idlAccount struct {
	Name     string `json:"name"`
	Writable bool   `json:"writable"`
	Signer   bool   `json:"signer"`
	Optional bool   `json:"optional"`
	// Address is set when the account is fixed (a program id).
	Address string `json:"address"`
	// Accounts is set for a nested account group, which the encoder does
	// not flatten: ParseProgram refuses it so that no order is guessed.
	Accounts json.RawMessage `json:"accounts"`
	// PDA is set when the program derives the account from seeds: ReadCall
	// derives it again and compares.
	PDA *idlPDA `json:"pda"`
}

// idlPDA is how an IDL derives an account: seeds under a program (the
// instruction's own when Program is nil).
type idlPDA struct {
	Seeds   []idlSeed `json:"seeds"`
	Program *idlSeed  `json:"program"`
}

// idlSeed is one seed, or the deriving program: constant bytes, the key of
// another account of the instruction, or the Borsh bytes of a fixed-size
// arg. ParseProgram refuses the other kinds (a field of an account's
// data), which a payload alone cannot derive.
type idlSeed struct {
	Kind  string `json:"kind"`
	Value []int  `json:"value"`
	Path  string `json:"path"`
	bytes []byte // Value, checked, for a const seed
	// off and size place an arg seed in the args' Borsh bytes.
	off, size int
}

type idlField struct {
	Name string          `json:"name"`
	Type json.RawMessage `json:"type"`
}

type idlTypeDef struct {
	Name string `json:"name"`
	Type struct {
		Kind   string     `json:"kind"`
		Fields []idlField `json:"fields"`
	} `json:"type"`
}

// ParseProgram reads an Anchor IDL (JSON). The program id is the IDL's
// address.
func ParseProgram(data []byte) (*Program, error) {
	var f idl
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("svm: parsing IDL: %w", err)
	}
	id, err := solana.PublicKeyFromBase58(f.Address)
	if err != nil {
		return nil, fmt.Errorf("svm: IDL %s: address: %w", f.Metadata.Name, err)
	}
	p := &Program{id: id, name: f.Metadata.Name, version: f.Metadata.Version,
		ixs: make(map[string]*idlInstruction, len(f.Instructions)), types: make(map[string]idlTypeDef, len(f.Types))}
	for _, t := range f.Types {
		p.types[t.Name] = t
	}
	for i := range f.Instructions {
		ix := &f.Instructions[i]
		if len(ix.RawDisc) != 8 {
			return nil, fmt.Errorf("svm: IDL %s: instruction %s: discriminator has %d bytes, want 8", p.name, ix.Name, len(ix.RawDisc))
		}
		for _, b := range ix.RawDisc {
			if b < 0 || b > 255 {
				return nil, fmt.Errorf("svm: IDL %s: instruction %s: discriminator byte %d out of range", p.name, ix.Name, b)
			}
			ix.Discriminator = append(ix.Discriminator, byte(b))
		}
		for _, a := range ix.Accounts {
			if len(a.Accounts) > 0 {
				return nil, fmt.Errorf("svm: IDL %s: instruction %s: nested account group %s is not supported", p.name, ix.Name, a.Name)
			}
			if err := a.PDA.parse(p.types, ix); err != nil {
				return nil, fmt.Errorf("svm: IDL %s: instruction %s: account %s: %w", p.name, ix.Name, a.Name, err)
			}
		}
		p.ixs[ix.Name] = ix
	}
	p.accounts = make(map[string][]byte, len(f.Accounts))
	for _, a := range f.Accounts {
		if len(a.RawDisc) != 8 {
			return nil, fmt.Errorf("svm: IDL %s: account %s: discriminator has %d bytes, want 8", p.name, a.Name, len(a.RawDisc))
		}
		d := make([]byte, 8)
		for i, b := range a.RawDisc {
			if b < 0 || b > 255 {
				return nil, fmt.Errorf("svm: IDL %s: account %s: discriminator byte %d out of range", p.name, a.Name, b)
			}
			d[i] = byte(b)
		}
		p.accounts[a.Name] = d
	}
	return p, nil
}

// parse checks pda's seeds and keeps the bytes of its constants; nil is no
// PDA.
func (pda *idlPDA) parse(types map[string]idlTypeDef, ix *idlInstruction) error {
	if pda == nil {
		return nil
	}
	if len(pda.Seeds) == 0 || len(pda.Seeds) >= solana.MaxSeeds { // the bump is one more
		return fmt.Errorf("pda: %d seeds", len(pda.Seeds))
	}
	for i := range pda.Seeds {
		if err := pda.Seeds[i].parse(types, ix, solana.MaxSeedLength); err != nil {
			return fmt.Errorf("pda seed %d: %w", i, err)
		}
	}
	if pda.Program != nil {
		if err := pda.Program.parse(types, ix, solana.PublicKeyLength); err != nil {
			return fmt.Errorf("pda program: %w", err)
		}
		if pda.Program.Kind == "const" && len(pda.Program.bytes) != solana.PublicKeyLength {
			return fmt.Errorf("pda program: %d bytes, not a key", len(pda.Program.bytes))
		}
	}
	return nil
}

// parse checks s, a seed of at most max bytes of an account of ix.
func (s *idlSeed) parse(types map[string]idlTypeDef, ix *idlInstruction, max int) error {
	switch s.Kind {
	case "const":
		if len(s.Value) > max {
			return fmt.Errorf("%d bytes, over %d", len(s.Value), max)
		}
		s.bytes = make([]byte, len(s.Value))
		for i, b := range s.Value {
			if b < 0 || b > 255 {
				return fmt.Errorf("byte %d out of range", b)
			}
			s.bytes[i] = byte(b)
		}
	case "account":
		if !slices.ContainsFunc(ix.Accounts, func(a idlAccount) bool { return a.Name == s.Path }) {
			return fmt.Errorf("%q is no account of the instruction (a field of an account's data cannot be derived from keys)", s.Path)
		}
	case "arg":
		// The seed is the arg's Borsh bytes (the Portal's chain_paths takes
		// destination_chain_id as u32 LE), or a field's of a struct arg
		// (the order book's "params.dest_chain_id"), so only fixed-size
		// args qualify, placed after fixed-size args and fields.
		off, size, err := argSpan(types, ix.Args, s.Path)
		if err != nil {
			return err
		}
		if size > max {
			return fmt.Errorf("arg %q is %d bytes, over %d", s.Path, size, max)
		}
		s.off, s.size = off, size
	default:
		return fmt.Errorf("kind %q is not supported", s.Kind)
	}
	return nil
}

// ID is the program id.
func (p *Program) ID() solana.PublicKey { return p.id }

// Name is the IDL's program name ("ext_swap"); Version its version.
func (p *Program) Name() string    { return p.name }
func (p *Program) Version() string { return p.version }

// WithID returns a copy of p that calls the same interface at another
// program id (a deployment of the same program elsewhere).
func (p *Program) WithID(id solana.PublicKey) *Program {
	q := *p
	q.id = id
	return &q
}

// withoutPDA returns a copy of p whose instruction ix takes account as
// given, without deriving it from the IDL's seeds: the correction of an
// IDL that seeds it wrong. p itself is unchanged.
func (p *Program) withoutPDA(ix, account string) (*Program, error) {
	in, ok := p.ixs[ix]
	if !ok {
		return nil, fmt.Errorf("svm: IDL %s has no instruction %s", p.name, ix)
	}
	fixed := *in
	fixed.Accounts = slices.Clone(in.Accounts)
	i := slices.IndexFunc(fixed.Accounts, func(a idlAccount) bool { return a.Name == account })
	if i < 0 {
		return nil, fmt.Errorf("svm: IDL %s: %s has no account %s", p.name, ix, account)
	}
	fixed.Accounts[i].PDA = nil
	q := *p
	q.ixs = maps.Clone(p.ixs)
	q.ixs[ix] = &fixed
	return &q, nil
}

// Instructions lists the instruction names of the IDL, sorted.
func (p *Program) Instructions() []string {
	names := make([]string, 0, len(p.ixs))
	for n := range p.ixs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Discriminator returns the 8-byte discriminator of the named instruction.
func (p *Program) Discriminator(name string) ([]byte, bool) {
	ix, ok := p.ixs[name]
	if !ok {
		return nil, false
	}
	return slices.Clone(ix.Discriminator), true
}

// AccountDiscriminator returns the 8-byte discriminator that starts the
// data of the named account type ("SwapGlobal").
func (p *Program) AccountDiscriminator(name string) ([]byte, bool) {
	d, ok := p.accounts[name]
	return slices.Clone(d), ok
}

// Fields lists the named defined type's fields as "name:type" (the IDL's
// type JSON, compacted), so a hand-written decoder can be checked against
// the IDL in tests.
func (p *Program) Fields(typeName string) ([]string, bool) {
	t, ok := p.types[typeName]
	if !ok {
		return nil, false
	}
	out := make([]string, len(t.Type.Fields))
	for i, f := range t.Type.Fields {
		var b bytes.Buffer
		if err := json.Compact(&b, f.Type); err != nil {
			return nil, false
		}
		out[i] = f.Name + ":" + b.String()
	}
	return out, true
}

// Accounts names the accounts of an instruction call, keyed by the IDL's
// account names ("swap_global").
type Accounts map[string]solana.PublicKey

// Instruction encodes a call of the named instruction: the accounts in the
// IDL's order with the IDL's signer and writable flags, and the data
// discriminator ‖ borsh(args) with args in the IDL's order.
//
// Every account must be in accounts, with three exceptions: one with a
// fixed address in the IDL may be left out (it is filled in; given, it must
// match); an optional one left out is passed as the program's own id,
// read-only and unsigned, which is how Anchor reads None; and no name may
// be given that the instruction does not have, so a typo fails here rather
// than on chain.
//
// Args are Go values matching the IDL types: uint8, uint16, uint32, uint64,
// int64, bool, *big.Int (u128, non-negative, below 2^128),
// solana.PublicKey (pubkey), [N]byte or []byte of length N ([u8; N]),
// []byte (bytes), nil or a value (option), a slice of values (vec) and
// []any with the fields in order (a defined struct).
func (p *Program) Instruction(name string, accounts Accounts, args ...any) (*solana.GenericInstruction, error) {
	ix, ok := p.ixs[name]
	if !ok {
		return nil, fmt.Errorf("svm: %s has no instruction %q", p.name, name)
	}
	metas := make(solana.AccountMetaSlice, 0, len(ix.Accounts))
	used := 0
	for _, a := range ix.Accounts {
		key, given := accounts[a.Name]
		if given {
			used++
		}
		switch {
		case a.Address != "":
			fixed, err := solana.PublicKeyFromBase58(a.Address)
			if err != nil {
				return nil, fmt.Errorf("svm: %s.%s: account %s: fixed address: %w", p.name, name, a.Name, err)
			}
			if given && !key.Equals(fixed) {
				return nil, fmt.Errorf("svm: %s.%s: account %s must be %s, not %s", p.name, name, a.Name, fixed, key)
			}
			key = fixed
		case !given && a.Optional:
			// Anchor's None: the program id, never signing or written.
			metas = append(metas, solana.Meta(p.id))
			continue
		case !given:
			return nil, fmt.Errorf("svm: %s.%s: account %s is required", p.name, name, a.Name)
		}
		m := solana.Meta(key)
		if a.Writable {
			m = m.WRITE()
		}
		if a.Signer {
			m = m.SIGNER()
		}
		metas = append(metas, m)
	}
	if used != len(accounts) {
		var unknown []string
		for n := range accounts {
			if !slices.ContainsFunc(ix.Accounts, func(a idlAccount) bool { return a.Name == n }) {
				unknown = append(unknown, n)
			}
		}
		sort.Strings(unknown)
		return nil, fmt.Errorf("svm: %s.%s has no account %s", p.name, name, strings.Join(unknown, ", "))
	}
	if len(args) != len(ix.Args) {
		return nil, fmt.Errorf("svm: %s.%s takes %d args, got %d", p.name, name, len(ix.Args), len(args))
	}
	var data bytes.Buffer
	data.Write(ix.Discriminator)
	for i, f := range ix.Args {
		if err := p.encode(&data, f.Type, args[i]); err != nil {
			return nil, fmt.Errorf("svm: %s.%s: arg %s: %w", p.name, name, f.Name, err)
		}
	}
	return solana.NewInstruction(p.id, metas, data.Bytes()), nil
}

var errU128 = errors.New("u128 must be a non-negative *big.Int below 2^128")

// encode writes v as the Borsh encoding of the IDL type typ.
func (p *Program) encode(w *bytes.Buffer, typ json.RawMessage, v any) error {
	var prim string
	if json.Unmarshal(typ, &prim) == nil {
		return encodePrimitive(w, prim, v)
	}
	var compound struct {
		Array   []json.RawMessage `json:"array"`
		Option  json.RawMessage   `json:"option"`
		Vec     json.RawMessage   `json:"vec"`
		Defined *struct {
			Name string `json:"name"`
		} `json:"defined"`
	}
	if err := json.Unmarshal(typ, &compound); err != nil {
		return fmt.Errorf("unsupported IDL type %s", typ)
	}
	switch {
	case compound.Array != nil:
		var elem string
		var n int
		if len(compound.Array) != 2 || json.Unmarshal(compound.Array[0], &elem) != nil || elem != "u8" ||
			json.Unmarshal(compound.Array[1], &n) != nil {
			return fmt.Errorf("unsupported IDL array %s: only [u8; N]", typ)
		}
		b, ok := byteArray(v)
		if !ok || len(b) != n {
			return fmt.Errorf("[u8; %d] needs %d bytes, got %T", n, n, v)
		}
		w.Write(b)
	case compound.Option != nil:
		if v == nil {
			w.WriteByte(0)
			return nil
		}
		w.WriteByte(1)
		return p.encode(w, compound.Option, v)
	case compound.Vec != nil:
		items, ok := v.([]any)
		if !ok {
			return fmt.Errorf("vec needs []any, got %T", v)
		}
		_ = binary.Write(w, binary.LittleEndian, uint32(len(items)))
		for i, it := range items {
			if err := p.encode(w, compound.Vec, it); err != nil {
				return fmt.Errorf("[%d]: %w", i, err)
			}
		}
	case compound.Defined != nil:
		def, ok := p.types[compound.Defined.Name]
		if !ok || def.Type.Kind != "struct" {
			return fmt.Errorf("unsupported defined type %s (only structs of the IDL)", compound.Defined.Name)
		}
		fields, ok := v.([]any)
		if !ok || len(fields) != len(def.Type.Fields) {
			return fmt.Errorf("%s needs []any with its %d fields in order, got %T", def.Name, len(def.Type.Fields), v)
		}
		for i, f := range def.Type.Fields {
			if err := p.encode(w, f.Type, fields[i]); err != nil {
				return fmt.Errorf("%s.%s: %w", def.Name, f.Name, err)
			}
		}
	default:
		return fmt.Errorf("unsupported IDL type %s", typ)
	}
	return nil
}

func encodePrimitive(w *bytes.Buffer, prim string, v any) error {
	le := binary.LittleEndian
	ok := true
	switch prim {
	case "u8":
		x, is := v.(uint8)
		ok = is
		w.WriteByte(x)
	case "bool":
		x, is := v.(bool)
		ok = is
		if x {
			w.WriteByte(1)
		} else {
			w.WriteByte(0)
		}
	case "u16":
		x, is := v.(uint16)
		ok = is
		w.Write(le.AppendUint16(nil, x))
	case "u32":
		x, is := v.(uint32)
		ok = is
		w.Write(le.AppendUint32(nil, x))
	case "u64":
		x, is := v.(uint64)
		ok = is
		w.Write(le.AppendUint64(nil, x))
	case "i64":
		x, is := v.(int64)
		ok = is
		w.Write(le.AppendUint64(nil, uint64(x)))
	case "u128":
		x, is := v.(*big.Int)
		if !is || x == nil || x.Sign() < 0 || x.BitLen() > 128 {
			return errU128
		}
		var be [16]byte
		x.FillBytes(be[:])
		slices.Reverse(be[:])
		w.Write(be[:])
	case "pubkey":
		x, is := v.(solana.PublicKey)
		ok = is
		w.Write(x[:])
	case "bytes":
		x, is := v.([]byte)
		ok = is
		w.Write(le.AppendUint32(nil, uint32(len(x))))
		w.Write(x)
	default:
		return fmt.Errorf("unsupported IDL type %q", prim)
	}
	if !ok {
		return fmt.Errorf("%s needs a Go value of its type, got %T", prim, v)
	}
	return nil
}

// byteArray returns the bytes of a [N]byte or []byte value.
func byteArray(v any) ([]byte, bool) {
	switch x := v.(type) {
	case []byte:
		return x, true
	case [32]byte:
		return x[:], true
	case solana.PublicKey:
		return x[:], true
	}
	return nil, false
}

// AccountSpec is one account of an IDL instruction, in order.
type AccountSpec struct {
	Name             string
	Writable, Signer bool
	Optional         bool
	// Fixed says the IDL names the account: it must be Address. The
	// system program's address is the zero key, so Address alone cannot
	// say whether the account is fixed.
	Fixed   bool
	Address solana.PublicKey
}

// Match names the instruction whose discriminator starts data, and its
// accounts in order, so that a decoded transaction can be checked against
// the IDL.
func (p *Program) Match(data []byte) (string, []AccountSpec, bool) {
	if len(data) < 8 {
		return "", nil, false
	}
	for _, ix := range p.ixs {
		if !bytes.Equal(ix.Discriminator, data[:8]) {
			continue
		}
		specs := make([]AccountSpec, len(ix.Accounts))
		for i, a := range ix.Accounts {
			specs[i] = AccountSpec{Name: a.Name, Writable: a.Writable, Signer: a.Signer, Optional: a.Optional}
			if a.Address != "" {
				specs[i].Fixed = true
				specs[i].Address, _ = solana.PublicKeyFromBase58(a.Address)
			}
		}
		return ix.Name, specs, true
	}
	return "", nil, false
}

// DecodeArgs decodes the data of a call of the named instruction into its
// args, by the IDL: discriminator ‖ Borsh args, with nothing left over.
// Only the fixed-size types are decoded (u8, u16, u32, u64 as uint64; u128
// as *big.Int; bool; pubkey as solana.PublicKey; [u8; N] as []byte; a
// defined struct of those as []any, its fields in order), which is what
// the user instructions built here take, and an arg of type bytes (a u32
// length, then the bytes) as []byte, which a bridge adapter's
// send_message takes; another type is an error.
func (p *Program) DecodeArgs(name string, data []byte) ([]any, error) {
	ix, ok := p.ixs[name]
	if !ok {
		return nil, fmt.Errorf("svm: %s has no instruction %s", p.name, name)
	}
	if len(data) < 8 || !bytes.Equal(data[:8], ix.Discriminator) {
		return nil, fmt.Errorf("svm: %s.%s: the data does not start with its discriminator", p.name, name)
	}
	rest := data[8:]
	out := make([]any, 0, len(ix.Args))
	for _, f := range ix.Args {
		if string(f.Type) == `"bytes"` {
			if len(rest) < 4 || uint64(len(rest)-4) < uint64(binary.LittleEndian.Uint32(rest)) {
				return nil, fmt.Errorf("svm: %s.%s: arg %s: the data is short", p.name, name, f.Name)
			}
			n := binary.LittleEndian.Uint32(rest)
			out = append(out, slices.Clone(rest[4:4+n]))
			rest = rest[4+n:]
			continue
		}
		size, ok := fixedSize(p.types, f.Type)
		if !ok {
			return nil, fmt.Errorf("svm: %s.%s: arg %s: decoding %s is not supported", p.name, name, f.Name, f.Type)
		}
		if len(rest) < size {
			return nil, fmt.Errorf("svm: %s.%s: arg %s: the data is short", p.name, name, f.Name)
		}
		v, err := p.decodeFixed(f.Type, rest[:size])
		if err != nil {
			return nil, fmt.Errorf("svm: %s.%s: arg %s: %w", p.name, name, f.Name, err)
		}
		rest = rest[size:]
		out = append(out, v)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("svm: %s.%s: %d bytes after the args", p.name, name, len(rest))
	}
	return out, nil
}

// decodeFixed decodes b, exactly the Borsh bytes of the fixed-size type
// typ (fixedSize).
func (p *Program) decodeFixed(typ json.RawMessage, b []byte) (any, error) {
	if def, ok := definedType(p.types, typ); ok {
		fields := make([]any, 0, len(def.Type.Fields))
		for _, f := range def.Type.Fields {
			size, _ := fixedSize(p.types, f.Type) // the caller sized the struct
			v, err := p.decodeFixed(f.Type, b[:size])
			if err != nil {
				return nil, fmt.Errorf("field %s: %w", f.Name, err)
			}
			fields = append(fields, v)
			b = b[size:]
		}
		return fields, nil
	}
	var prim string
	_ = json.Unmarshal(typ, &prim)
	switch prim {
	case "":
		return slices.Clone(b), nil // [u8; N]
	case "bool":
		if b[0] > 1 {
			return nil, fmt.Errorf("%d is no bool", b[0])
		}
		return b[0] == 1, nil
	case "pubkey":
		return solana.PublicKeyFromBytes(b), nil
	case "u128":
		return u128LE(b), nil
	}
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v, nil
}

// primSizes are the Borsh sizes of the primitives DecodeArgs reads, built
// once rather than per arg.
var primSizes = map[string]int{"u8": 1, "bool": 1, "u16": 2, "u32": 4, "u64": 8, "u128": 16, "pubkey": 32}

// argSize is the Borsh size of a fixed-size IDL type: the primitives
// DecodeArgs reads and [u8; N].
func argSize(typ json.RawMessage) (int, bool) {
	var prim string
	if json.Unmarshal(typ, &prim) == nil {
		n, ok := primSizes[prim]
		return n, ok
	}
	var compound struct {
		Array []json.RawMessage `json:"array"`
	}
	var elem string
	var n int
	if json.Unmarshal(typ, &compound) != nil || len(compound.Array) != 2 ||
		json.Unmarshal(compound.Array[0], &elem) != nil || elem != "u8" ||
		json.Unmarshal(compound.Array[1], &n) != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// argSpan places the fixed-size arg (or struct arg field, "arg.field")
// path in the Borsh bytes of args: its offset and size, when everything
// before it has a fixed size.
func argSpan(types map[string]idlTypeDef, args []idlField, path string) (off, size int, err error) {
	name, field, nested := strings.Cut(path, ".")
	at := slices.IndexFunc(args, func(f idlField) bool { return f.Name == name })
	if at < 0 {
		return 0, 0, fmt.Errorf("%q is no arg of the instruction", path)
	}
	target := args[at]
	if nested {
		def, ok := definedType(types, target.Type)
		if !ok || def.Type.Kind != "struct" {
			return 0, 0, fmt.Errorf("arg %q: %s is not a struct", path, name)
		}
		if size, err = argSpanIn(types, def.Type.Fields, field, &off); err != nil {
			return 0, 0, fmt.Errorf("arg %q: %w", path, err)
		}
	} else if n, ok := fixedSize(types, target.Type); ok {
		size = n
	} else {
		return 0, 0, fmt.Errorf("arg %q of type %s cannot be a seed", path, target.Type)
	}
	for _, f := range args[:at] {
		n, ok := fixedSize(types, f.Type)
		if !ok {
			return 0, 0, fmt.Errorf("arg %s precedes %q and has no fixed size", f.Name, path)
		}
		off += n
	}
	return off, size, nil
}

// argSpanIn is argSpan within a struct's fields, adding the field's
// offset to *off.
func argSpanIn(types map[string]idlTypeDef, fields []idlField, path string, off *int) (int, error) {
	in, size, err := argSpan(types, fields, path)
	*off += in
	return size, err
}

// definedType is the type a {"defined": ...} IDL type names.
func definedType(types map[string]idlTypeDef, typ json.RawMessage) (idlTypeDef, bool) {
	var d struct {
		Defined struct {
			Name string `json:"name"`
		} `json:"defined"`
	}
	if json.Unmarshal(typ, &d) != nil || d.Defined.Name == "" {
		return idlTypeDef{}, false
	}
	t, ok := types[d.Defined.Name]
	return t, ok
}

// fixedSize is argSize extended to structs of fixed-size fields.
func fixedSize(types map[string]idlTypeDef, typ json.RawMessage) (int, bool) {
	if n, ok := argSize(typ); ok {
		return n, true
	}
	def, ok := definedType(types, typ)
	if !ok || def.Type.Kind != "struct" {
		return 0, false
	}
	total := 0
	for _, f := range def.Type.Fields {
		n, ok := fixedSize(types, f.Type)
		if !ok {
			return 0, false
		}
		total += n
	}
	return total, true
}

// argBytes is the raw Borsh bytes of the arg seed s in data (a call's
// data, discriminator first).
func argBytes(s idlSeed, data []byte) ([]byte, error) {
	start := 8 + s.off
	if start+s.size > len(data) {
		return nil, fmt.Errorf("the data is short of arg %s", s.Path)
	}
	return data[start : start+s.size], nil
}
