package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dchest/siphash"
	"github.com/mr-tron/base58"
)

const (
	// SecretPrefix starts every generated secret, so a leaked key is easy to
	// recognise (and to scan for).
	SecretPrefix = "m0k_"
	// secretBytes is the entropy of a generated secret, and secretDigits
	// the base58 digits that can hold any secretBytes value.
	secretBytes  = 32
	secretDigits = 44

	// MinSecretLen and MaxSecretLen bound the length of a caller-chosen
	// secret (NewKey.Secret). Its characters are printable ASCII other than
	// space, so it fits an HTTP header as is.
	MinSecretLen = 16
	MaxSecretLen = 256

	// MaxNameLen bounds a key's name, in characters.
	MaxNameLen = 64

	idPrefix = "key_"
)

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// idPattern is the form of a key ID; names may not take it, so an argument
// of Get and Revoke is never both an ID and another key's name.
var idPattern = regexp.MustCompile(`^key_[a-z2-7]{16}$`)

// newSecret returns a fresh secret: SecretPrefix and the base58 of 32 random
// bytes, zero-padded ('1' is base58's zero) to 44 digits, so every generated
// secret is 48 characters long.
func newSecret() string {
	b := make([]byte, secretBytes)
	rand.Read(b) // never fails (crypto/rand)
	digits := base58.Encode(b)
	return SecretPrefix + strings.Repeat("1", secretDigits-len(digits)) + digits
}

// newID returns a fresh key ID with 80 random bits.
func newID() string {
	b := make([]byte, 10)
	rand.Read(b)
	return idPrefix + idEncoding.EncodeToString(b)
}

// hashSecret is the stored form of a secret: lowercase hex SHA-256. A plain
// hash suffices because secrets are random (or at least MinSecretLen long)
// rather than passwords: there is nothing to gain from a slow hash.
func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// tagKey is a 128-bit SipHash key: random, made per Cache, never stored or
// sent anywhere.
type tagKey struct{ k0, k1 uint64 }

func newTagKey() tagKey {
	var b [16]byte
	rand.Read(b[:])
	return tagKey{binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])}
}

// secretTag is what a Cache files a key under: SipHash-2-4 with 128-bit
// output of the secret, under the Cache's own random key. It is computed once
// per Authenticate call and costs a few tens of nanoseconds, where SHA-256 of
// the secret costs several times that and would be computed a second time
// by the store on every miss.
//
// Why a keyed hash is as safe here as SHA-256: a cached entry answers every
// secret whose tag equals its own, so the tag must not collide for two
// secrets a caller can present. SipHash is a pseudorandom function: without
// the key, the tags of secrets an attacker chooses are indistinguishable
// from independent random 128-bit values, so each guess matches one of N
// cached tags with probability N/2^128, and nothing an attacker observes
// (answers, timings of the map lookup) is a function of the key that would
// let it steer a guess. The key lives only in process memory; one who can
// read that memory can read the secrets in the requests too. Like the
// SHA-256 the store keeps, the tag is not the secret, so a heap dump of the
// cache yields no usable secret. A non-keyed fast hash (FNV, xxhash) would
// not do: collisions for a known tag are cheap to compute.
func secretTag(k tagKey, secret string) [2]uint64 {
	// A stack buffer: []byte(secret) would allocate for any secret longer
	// than 32 bytes, and a generated one has 48.
	var buf [MaxSecretLen]byte
	p := buf[:copy(buf[:], secret)]
	if len(secret) > len(buf) {
		p = []byte(secret)
	}
	hi, lo := siphash.Hash128(k.k0, k.k1, p)
	return [2]uint64{hi, lo}
}

// displayPrefix is the part of the secret shown by listings: a quarter of it,
// at most 12 characters (SecretPrefix and 8 random ones for a generated
// secret, 4 characters of a 16-character chosen one).
func displayPrefix(secret string) string {
	return secret[:min(12, len(secret)/4)]
}

func checkSecret(secret string) error {
	if len(secret) < MinSecretLen || len(secret) > MaxSecretLen {
		return fmt.Errorf("%w: secret must be %d to %d characters", ErrInvalid, MinSecretLen, MaxSecretLen)
	}
	for i := 0; i < len(secret); i++ {
		if c := secret[i]; c <= ' ' || c > '~' {
			return fmt.Errorf("%w: secret must be printable ASCII without spaces", ErrInvalid)
		}
	}
	return nil
}

func checkName(name string) error {
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(name):
		return fmt.Errorf("%w: name is not UTF-8", ErrInvalid)
	case n == 0 || n > MaxNameLen:
		return fmt.Errorf("%w: name must be 1 to %d characters", ErrInvalid, MaxNameLen)
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("%w: name %q starts or ends with space", ErrInvalid, name)
	case strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		return fmt.Errorf("%w: name %q has unprintable characters", ErrInvalid, name)
	case idPattern.MatchString(name):
		return fmt.Errorf("%w: name %q looks like a key ID", ErrInvalid, name)
	}
	return nil
}
