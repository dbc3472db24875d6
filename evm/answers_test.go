package evm_test

import (
	"fmt"
	"testing"

	"github.com/m0-orchestration/m0/evm"
)

// answerOf is a distinct answer for each i.
func answerOf(i int) evm.Result { return evm.Result{OK: i%3 != 0, Data: []byte(fmt.Sprint(i))} }

func TestAnswersHoldEveryCallPut(t *testing.T) {
	for _, n := range []int{0, 1, 6, 7, 100, 1000} { // across the table's growth
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var a evm.Answers // the zero value is usable
			for i := range n {
				a.Put(balanceCall(i), answerOf(-1)) // replaced below
				a.Put(balanceCall(i), answerOf(i))
			}
			if a.Len() != n {
				t.Errorf("Len = %d after %d distinct calls, want %d", a.Len(), n, n)
			}
			for i := range n {
				got, ok := a.Get(balanceCall(i))
				if !ok || got.OK != answerOf(i).OK || string(got.Data) != string(answerOf(i).Data) {
					t.Fatalf("call %d: %+v, %v; want %+v", i, got, ok, answerOf(i))
				}
				if !a.HasKey(balanceCall(i).ReadKey()) {
					t.Fatalf("HasKey of call %d is false", i)
				}
			}
			if _, ok := a.Get(balanceCall(n)); ok {
				t.Error("Get of a call never put answered")
			}
			// A literal Call (no key computed) finds the same answer.
			if n > 0 {
				c := balanceCall(0)
				lit := evm.Call{To: c.To, Data: c.Data}
				if _, ok := a.Get(lit); !ok {
					t.Error("Get of a literal Call equal to one put found nothing")
				}
			}
		})
	}
}

func TestAnswersMergeReplacesAndKeeps(t *testing.T) {
	a, b := evm.NewAnswers(7), evm.NewAnswers(9)
	for i := range 10 {
		a.Put(balanceCall(i), answerOf(-1))
	}
	for i := 5; i < 30; i++ {
		b.Put(balanceCall(i), answerOf(i))
	}
	a.Merge(b)
	a.Merge(nil)
	if a.Len() != 30 || a.Block != 9 {
		t.Fatalf("merged: %d answers at block %d, want 30 at 9", a.Len(), a.Block)
	}
	for i := range 30 {
		want := answerOf(i)
		if i < 5 {
			want = answerOf(-1)
		}
		if got, _ := a.Get(balanceCall(i)); string(got.Data) != string(want.Data) {
			t.Errorf("call %d: %q, want %q (b's answer replaces a's)", i, got.Data, want.Data)
		}
	}
	if b.Len() != 25 {
		t.Errorf("Merge changed its argument: %d answers, want 25", b.Len())
	}
	var nilAnswers *evm.Answers
	if _, ok := nilAnswers.Get(balanceCall(0)); ok || nilAnswers.Len() != 0 || nilAnswers.HasKey("x") || nilAnswers.At() != 0 {
		t.Error("a nil Answers holds something")
	}
	var empty evm.Answers
	empty.Merge(evm.NewAnswers(3))
	if empty.Len() != 0 || empty.Block != 3 {
		t.Errorf("zero Answers merged with an empty one: %d answers at %d, want 0 at 3", empty.Len(), empty.Block)
	}
}
