package svm

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gagliardetto/solana-go"
)

// Call is an instruction read back by its program's IDL: which
// instruction it is, its decoded args, and its accounts in the IDL's order.
type Call struct {
	Name     string
	Args     []any
	Accounts []*solana.AccountMeta
	Specs    []AccountSpec
	data     []byte // the raw data, for arg seeds
}

// Account returns the key in the IDL account slot called name, so that a
// check can say "to_token_account" instead of counting positions.
func (c Call) Account(name string) (solana.PublicKey, bool) {
	for i, s := range c.Specs {
		if s.Name == name && i < len(c.Accounts) {
			return c.Accounts[i].PublicKey, true
		}
	}
	return solana.PublicKey{}, false
}

// ReadCall reads ix back by p's IDL and checks it against the IDL: it calls
// p, its data starts with one of p's discriminators and holds exactly that
// instruction's args, it passes one account per IDL slot, and each account
// signs, is writable, is the IDL's fixed address and is the PDA of the
// IDL's seeds (over the keys of the other slots) where the IDL says so.
// An optional account passed as None (the program id, Anchor's rule) must
// not sign, and a key may sign in a slot the IDL does not mark as a signer
// only when it signs another slot or is one of mayAlsoSign: the fee payer,
// and any key the transaction must have sign for another instruction.
//
// Read ix from its decoded transaction (Instructions), not as it was
// built: a message flags keys, not slots, so a key that signs anywhere in
// the transaction signs in every slot it fills, and only the decoded flags
// say what a signature will cover. A solver can run it on a payload before
// signing it.
//
// The error joins every mismatch found; a Call is returned whenever the
// instruction could be named, so a caller can read what it does.
func (p *Program) ReadCall(ix solana.Instruction, mayAlsoSign ...solana.PublicKey) (Call, error) {
	if !ix.ProgramID().Equals(p.ID()) {
		return Call{}, fmt.Errorf("svm: the instruction calls %s, not %s (%s)", ix.ProgramID(), p.name, p.ID())
	}
	data, err := ix.Data()
	if err != nil {
		return Call{}, fmt.Errorf("svm: %s: the instruction's data: %w", p.name, err)
	}
	name, specs, ok := p.Match(data)
	if !ok {
		return Call{}, fmt.Errorf("svm: %s: the data starts with no discriminator of its IDL", p.name)
	}
	call := Call{Name: name, Accounts: ix.Accounts(), Specs: specs, data: data}
	var problems []error
	bad := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("svm: %s.%s: "+format, append([]any{p.name, name}, args...)...))
	}
	if call.Args, err = p.DecodeArgs(name, data); err != nil {
		problems = append(problems, err)
	}
	if len(call.Accounts) != len(specs) {
		bad("%d accounts, its IDL has %d", len(call.Accounts), len(specs))
		return call, errors.Join(problems...)
	}
	signsSlot := make(map[solana.PublicKey]bool, len(specs))
	for i, s := range specs {
		if s.Signer {
			signsSlot[call.Accounts[i].PublicKey] = true
		}
	}
	for i, s := range specs {
		a := call.Accounts[i]
		if s.Optional && a.PublicKey.Equals(p.ID()) {
			if a.IsSigner {
				bad("account %s is None (the program id) yet signs", s.Name)
			}
			continue
		}
		if s.Signer && !a.IsSigner {
			bad("account %s does not sign", s.Name)
		}
		if s.Writable && !a.IsWritable {
			bad("account %s is not writable", s.Name)
		}
		if s.Fixed && !a.PublicKey.Equals(s.Address) {
			bad("account %s is %s, not the IDL's %s", s.Name, a.PublicKey, s.Address)
		}
		if a.IsSigner && !s.Signer && !signsSlot[a.PublicKey] && !slices.Contains(mayAlsoSign, a.PublicKey) {
			bad("account %s signs, which its IDL does not ask", s.Name)
		}
		if pda := p.ixs[name].Accounts[i].PDA; pda != nil {
			if want, err := p.derive(pda, call); err != nil {
				bad("account %s: %v", s.Name, err)
			} else if !a.PublicKey.Equals(want) {
				bad("account %s is %s, not %s, the PDA of its IDL seeds", s.Name, a.PublicKey, want)
			}
		}
	}
	return call, errors.Join(problems...)
}

// derive is the address pda gives for the keys of call: the program
// checks it, and a payload that names another account in the slot (a
// vault, a global of another program) fails on chain at best, or moves
// tokens through an account the IDL does not mean.
func (p *Program) derive(pda *idlPDA, call Call) (solana.PublicKey, error) {
	seed := func(s idlSeed) ([]byte, error) {
		switch s.Kind {
		case "const":
			return s.bytes, nil
		case "arg":
			return argBytes(s, call.data)
		}
		k, _ := call.Account(s.Path) // ParseProgram checked the name
		return k[:], nil
	}
	seeds := make([][]byte, len(pda.Seeds))
	for i, s := range pda.Seeds {
		b, err := seed(s)
		if err != nil {
			return solana.PublicKey{}, err
		}
		seeds[i] = b
	}
	program := p.id
	if pda.Program != nil {
		b, err := seed(*pda.Program)
		if err != nil {
			return solana.PublicKey{}, err
		}
		program = solana.PublicKeyFromBytes(b)
	}
	return PDA(program, seeds...)
}

// ReadCallWithRemaining is ReadCall for an instruction that passes
// accounts after its IDL's own (an adapter's, as the Portal's send_token
// forwards to its bridge adapter): the IDL's slots are checked as ReadCall
// does, and the accounts after them are returned unchecked, for the
// caller to compare with what the callee expects.
func (p *Program) ReadCallWithRemaining(ix solana.Instruction, mayAlsoSign ...solana.PublicKey) (Call, []*solana.AccountMeta, error) {
	data, err := ix.Data()
	if err != nil {
		return Call{}, nil, fmt.Errorf("svm: %s: the instruction's data: %w", p.name, err)
	}
	_, specs, ok := p.Match(data)
	accounts := ix.Accounts()
	if !ok || len(accounts) < len(specs) {
		call, err := p.ReadCall(ix, mayAlsoSign...) // names the mismatch
		return call, nil, err
	}
	own := solana.NewInstruction(ix.ProgramID(), accounts[:len(specs)], data)
	call, err := p.ReadCall(own, mayAlsoSign...)
	return call, accounts[len(specs):], err
}
