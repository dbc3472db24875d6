// Code generated - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package bindings

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/event"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = errors.New
	_ = big.NewInt
	_ = strings.NewReader
	_ = ethereum.NotFound
	_ = bind.Bind
	_ = common.Big1
	_ = types.BloomLookup
	_ = event.NewSubscription
	_ = abi.ConvertType
	_ = time.Tick
	_ = context.Background
)

// CancelReport is an auto generated low-level Go binding around an user-defined struct.
type CancelReport struct {
	OrderId          [32]byte
	OrderSender      [32]byte
	TokenIn          [32]byte
	AmountInToRefund *big.Int
}

// ExactInputSingleParams is an auto generated low-level Go binding around an user-defined struct.
type ExactInputSingleParams struct {
	TokenIn           common.Address
	TokenOut          common.Address
	Fee               *big.Int
	Recipient         common.Address
	AmountIn          *big.Int
	AmountOutMinimum  *big.Int
	SqrtPriceLimitX96 *big.Int
}

// FillParams is an auto generated low-level Go binding around an user-defined struct.
type FillParams struct {
	AmountOutToFill *big.Int
	OriginRecipient [32]byte
	RefundAddress   [32]byte
}

// FillReport is an auto generated low-level Go binding around an user-defined struct.
type FillReport struct {
	OrderId           [32]byte
	AmountInToRelease *big.Int
	AmountOutFilled   *big.Int
	OriginRecipient   [32]byte
	TokenIn           [32]byte
}

// FilledAmounts is an auto generated low-level Go binding around an user-defined struct.
type FilledAmounts struct {
	AmountInRefunded *big.Int
	AmountInReleased *big.Int
	AmountOutFilled  *big.Int
}

// Multicall3Call is an auto generated low-level Go binding around an user-defined struct.
type Multicall3Call struct {
	Target   common.Address
	CallData []byte
}

// Multicall3Call3 is an auto generated low-level Go binding around an user-defined struct.
type Multicall3Call3 struct {
	Target       common.Address
	AllowFailure bool
	CallData     []byte
}

// Multicall3Result is an auto generated low-level Go binding around an user-defined struct.
type Multicall3Result struct {
	Success    bool
	ReturnData []byte
}

// Order is an auto generated low-level Go binding around an user-defined struct.
type Order struct {
	Status       uint8
	Version      uint16
	Sender       common.Address
	Nonce        uint64
	DestChainId  uint32
	CreatedAt    uint32
	FillDeadline uint32
	TokenIn      common.Address
	TokenOut     [32]byte
	AmountIn     *big.Int
	AmountOut    *big.Int
	Recipient    [32]byte
	Solver       [32]byte
}

// OrderData is an auto generated low-level Go binding around an user-defined struct.
type OrderData struct {
	Version       uint16
	Sender        [32]byte
	Nonce         uint64
	OriginChainId uint32
	DestChainId   uint32
	CreatedAt     uint64
	FillDeadline  uint64
	TokenIn       [32]byte
	TokenOut      [32]byte
	AmountIn      *big.Int
	AmountOut     *big.Int
	Recipient     [32]byte
	Solver        [32]byte
}

// OrderParams is an auto generated low-level Go binding around an user-defined struct.
type OrderParams struct {
	DestChainId  uint32
	FillDeadline uint32
	TokenIn      common.Address
	TokenOut     [32]byte
	AmountIn     *big.Int
	AmountOut    *big.Int
	Recipient    [32]byte
	Solver       [32]byte
	Sender       common.Address
}

// QuoteExactInputSingleParams is an auto generated low-level Go binding around an user-defined struct.
type QuoteExactInputSingleParams struct {
	TokenIn           common.Address
	TokenOut          common.Address
	AmountIn          *big.Int
	Fee               *big.Int
	SqrtPriceLimitX96 *big.Int
}

// CachedDomainMExtensionMetaData contains all meta data concerning the CachedDomainMExtension contract.
var CachedDomainMExtensionMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"address\",\"name\":\"mToken_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapFacility_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"AlreadyInitialized\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAmount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"InvalidRecipient\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureV\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NameMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotSwapFacility\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"SignatureExpired\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SignerMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroMToken\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroSwapFacility\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MINTER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PERMIT_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"currentIndex\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"\",\"type\":\"uint128\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"name\":\"initialize\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"isEarningEnabled\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"mToken\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"swapFacility\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"unwrap\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"wrap\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x61014080604052346106cb576122fd803803809161001d82856106cf565b833981016060828203126106cb5781516001600160401b0381116106cb5782019080601f830112156106cb5781516001600160401b0381116105485760405192610071601f8301601f1916602001856106cf565b8184526020840192602083830101116106cb57815f926020809301855e840101526100aa60406100a3602086016106f2565b94016106f2565b91602092604051946100bc85876106cf565b5f86526040958651906100cf88836106cf565b60018252603160f81b87830152600660805284516001600160401b038111610548576100fb5f54610706565b601f8111610688575b508088601f8211600114610627575f9161061c575b508160011b915f199060031b1c1916175f555b8051906001600160401b03821161054857819061014a600154610706565b601f81116105cd575b508890601f8311600114610567575f9261055c575b50508160011b915f199060031b1c1916176001555b8051906001600160401b03821161054857819061019b600654610706565b601f81116104f9575b508790601f8311600114610493575f92610488575b50508160011b915f199060031b1c1916176006555b3315610479575f8080526007865286812033825286528690205460ff161561042d575b6001600160a01b0381161561041e576001600160a01b0382161561040f5760a05260c052600160ff196008541617600855519020610120524660e05281515f905f54918161023e84610706565b9182825285820194866001821691825f146103f45750506001146103b9575b610269925003826106cf565b5190209082515f90600654918161027f84610706565b9182825285820194866001821691825f1461039e575050600114610362575b6102aa925003826106cf565b5190208351918201927f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f84528483015260608201524660808201523060a082015260a081526102fa60c0826106cf565b5190206101005251611bbe908161073f8239608051816107ed015260a0518181816108f201528181610d990152610dea015260c05181818161085201528181610ccc0152610d19015260e05181610fdc01526101005181611002015261012051816105b70152f35b505060065f528184805f205f905b84821061038557506102aa935082010161029e565b6001919350805483858801015201910185908492610370565b60ff191687526102aa94151560051b840101915061029e9050565b50505f80528184805f205f905b8482106103db5750610269935082010161025d565b60019193508054838588010152019101859084926103c6565b60ff1916875261026994151560051b840101915061025d9050565b636880ffc960e11b5f5260045ffd5b63b01d5e2b60e01b5f5260045ffd5b5f8080526007865286812033808352908752878220805460ff191660011790559081907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d8180a46101f1565b633944ed8760e11b5f5260045ffd5b015190505f806101b9565b60065f9081528981209350601f198516905b8a8282106104e35750509084600195949392106104cb575b505050811b016006556101ce565b01515f1960f88460031b161c191690555f80806104bd565b60018596829396860151815501950193016104a5565b90915060065f52875f20601f840160051c81019189851061053e575b90601f859493920160051c01905b81811061053057506101a4565b5f8155849350600101610523565b9091508190610515565b634e487b7160e01b5f52604160045260245ffd5b015190505f80610168565b60015f9081528a81209350601f198516905b8b8282106105b757505090846001959493921061059f575b505050811b0160015561017d565b01515f1960f88460031b161c191690555f8080610591565b6001859682939686015181550195019301610579565b90915060015f52885f20601f840160051c8101918a8510610612575b90601f859493920160051c01905b8181106106045750610153565b5f81558493506001016105f7565b90915081906105e9565b90508601515f610119565b5f8080528a81209250601f198416905b8b828210610672575050908360019493921061065a575b5050811b015f5561012c565b8801515f1960f88460031b161c191690555f8061064e565b600184958293958d015181550194019201610637565b5f8052885f20601f830160051c8101918a84106106c1575b601f0160051c01905b8181106106b65750610104565b5f81556001016106a9565b90915081906106a0565b5f80fd5b601f909101601f19168101906001600160401b0382119082101761054857604052565b51906001600160a01b03821682036106cb57565b90600182811c92168015610734575b602083101461072057565b634e487b7160e01b5f52602260045260245ffd5b91607f169161071556fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde03146101cf578063077f224a146101ca578063095ea7b3146101c557806318160ddd146101c057806323b872dd146101bb57806326987b60146101b65780632f2ff15d146101b157806330adf81f146101ac578063313ce567146101a75780633644e515146101a257806339f476931461019d57806340c10f191461019857806370a08231146101935780637ecebe001461018e57806384b0196e1461018957806391d148541461018457806395d89b411461017f5780639fd5a6cf1461017a578063a217fddf14610161578063a9059cbb14610175578063ae06b7e414610170578063bf376c7a1461016b578063c3b6f93914610166578063c9144ddb14610161578063d505accf1461015c578063d539139314610157578063d547741f146101525763dd62ed3e1461014d575f80fd5b610f63565b610eb8565b610e7e565b610e19565b610c77565b610dd5565b610cfb565b610cb7565b610c91565b610c04565b610b5f565b610b10565b610a53565b610a1b565b6109e3565b610950565b610833565b610811565b6107d4565b61079a565b6106eb565b6106cc565b610694565b610677565b610646565b610547565b6103c8565b90600182811c92168015610202575b60208310146101ee57565b634e487b7160e01b5f52602260045260245ffd5b91607f16916101e3565b634e487b7160e01b5f52604160045260245ffd5b90601f8019910116810190811067ffffffffffffffff82111761024257604052565b61020c565b604051905f825f5491610259836101d4565b80835292600181169081156102dc575060011461027f575b61027d92500383610220565b565b505f80805290917f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b8183106102c057505090602061027d92820101610271565b60209193508060019154838589010152019101909184926102a8565b6020925061027d94915060ff191682840152151560051b820101610271565b604051905f826006549161030e836101d4565b80835292600181169081156102dc57506001146103315761027d92500383610220565b5060065f90815290917ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f5b81831061037457505090602061027d92820101610271565b602091935080600191548385890101520191019091849261035c565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b9060206103c5928181520190610390565b90565b3461049f575f36600319011261049f576040515f5f546103e7816101d4565b808452906001811690811561047b575060011461041f575b61041b8361040f81850382610220565b604051918291826103b4565b0390f35b5f8080527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563939250905b8082106104615750909150810160200161040f6103ff565b919260018160209254838588010152019101909291610449565b60ff191660208086019190915291151560051b8401909101915061040f90506103ff565b5f80fd5b67ffffffffffffffff811161024257601f01601f191660200190565b81601f8201121561049f578035906104d6826104a3565b926104e46040519485610220565b8284526020838301011161049f57815f926020809301838601378301015290565b604435906001600160a01b038216820361049f57565b600435906001600160a01b038216820361049f57565b602435906001600160a01b038216820361049f57565b3461049f57606036600319011261049f5760043567ffffffffffffffff811161049f576105789036906004016104bf565b60243567ffffffffffffffff811161049f576105989036906004016104bf565b906105a1610505565b906008549060ff821661063857805160208201207f000000000000000000000000000000000000000000000000000000000000000003610629576001600160a01b0383161561061a5761061893600161060a9360ff191617600855610604610fba565b91611369565b6106138161145a565b611505565b005b633944ed8760e11b5f5260045ffd5b6320af056d60e11b5f5260045ffd5b62dc149f60e41b5f5260045ffd5b3461049f57604036600319011261049f5761066c61066261051b565b60243590336115da565b602060405160018152f35b3461049f575f36600319011261049f576020600254604051908152f35b3461049f57606036600319011261049f5761066c6106b061051b565b6106b8610531565b604435916106c783338361163b565b6116ef565b3461049f575f36600319011261049f57602060405164e8d4a510008152f35b3461049f57604036600319011261049f57600435610707610531565b906107106117d5565b5f8181526007602090815260408083206001600160a01b038616845290915290205460ff161561073c57005b5f8181526007602090815260408083206001600160a01b03861684529091529020805460ff1916600117905533916001600160a01b0316907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d5f80a4005b3461049f575f36600319011261049f5760206040517f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98152f35b3461049f575f36600319011261049f57602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b3461049f575f36600319011261049f57602061082b610fd9565b604051908152f35b3461049f57604036600319011261049f5761084c61051b565b506024357f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316330361094157801561092f57335f52600360205260405f205481811061091657335f908152600360205260409020610618929182900390556108bf8160025403600255565b6040518181525f9033907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef90602090a3337f0000000000000000000000000000000000000000000000000000000000000000611824565b63db42144d60e01b5f523360045260245260445260645ffd5b6377b8dde360e01b5f5260045260245ffd5b630aff86d760e21b5f5260045ffd5b3461049f57604036600319011261049f5761096961051b565b335f9081527fa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f460205260409020546024359060ff16156109ac5761061891611864565b63e2517d3f60e01b5f52336004527f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a660245260445ffd5b3461049f57602036600319011261049f576001600160a01b03610a0461051b565b165f526003602052602060405f2054604051908152f35b3461049f57602036600319011261049f576001600160a01b03610a3c61051b565b165f526005602052602060405f2054604051908152f35b3461049f575f36600319011261049f57610ab7602060405190610a768183610220565b5f825280820190601f198101368337610a8d610247565b9281610ac5610a9a6102fb565b604051978897600f60f81b895260e0858a015260e0890190610390565b908782036040890152610390565b914660608701523060808701525f60a087015285830360c087015251918281520192915f5b828110610af957505050500390f35b835185528695509381019392810192600101610aea565b3461049f57604036600319011261049f57602060ff610b53600435610b33610531565b905f526007845260405f209060018060a01b03165f5260205260405f2090565b54166040519015158152f35b3461049f575f36600319011261049f576040515f600154610b7f816101d4565b808452906001811690811561047b5750600114610ba65761041b8361040f81850382610220565b60015f9081527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6939250905b808210610bea5750909150810160200161040f6103ff565b919260018160209254838588010152019101909291610bd2565b3461049f5760a036600319011261049f57610c1d61051b565b610c25610531565b6084359160643560443567ffffffffffffffff851161049f573660238601121561049f5784600401359367ffffffffffffffff851161049f57366024868801011161049f576024610618960193611099565b3461049f575f36600319011261049f5760206040515f8152f35b3461049f57604036600319011261049f5761066c610cad61051b565b60243590336116ef565b3461049f575f36600319011261049f576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461049f57604036600319011261049f57610d1461051b565b6024357f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316330361094157801561092f576001600160a01b038216918215610dc2576106189250610dbd6040516323b872dd60e01b602082015233602482015230604482015283606482015260648152610d97608482610220565b7f0000000000000000000000000000000000000000000000000000000000000000611af7565b611864565b82630bc2c5df60e11b5f5260045260245ffd5b3461049f575f36600319011261049f576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461049f5760e036600319011261049f57610e3261051b565b610e3a610531565b60443590606435926084359360ff8516850361049f57610e73610e79916106189660a43590610e6e60c435938989896118f1565b6119ef565b82611abc565b6115da565b3461049f575f36600319011261049f5760206040517f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a68152f35b3461049f57604036600319011261049f57600435610ed4610531565b90610edd6117d5565b5f8181526007602090815260408083206001600160a01b038616845290915290205460ff16610f0857005b5f8181526007602090815260408083206001600160a01b03861684529091529020805460ff1916905533916001600160a01b0316907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b5f80a4005b3461049f57604036600319011261049f576020610fb1610f8161051b565b610f89610531565b6001600160a01b039182165f9081526004855260408082209290931681526020919091522090565b54604051908152f35b60405190610fc9604083610220565b60018252603160f81b6020830152565b467f000000000000000000000000000000000000000000000000000000000000000003611024577f000000000000000000000000000000000000000000000000000000000000000090565b61102c610247565b6020815191012061103b6102fb565b602081519101206040519060208201927f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f8452604083015260608201524660808201523060a082015260a0815261109360c082610220565b51902090565b9193909260418603611100576110b1908585856118f1565b908560201161049f578035958060401161049f57602082013590604010156110ec5761027d96610e7993610e73936040013560f81c906119ef565b634e487b7160e01b5f52603260045260245ffd5b634be6321b60e01b5f5260045ffd5b601f811161111b575050565b5f805260205f20906020601f840160051c83019310611154575b601f0160051c01905b818110611149575050565b5f815560010161113e565b9091508190611135565b601f821161116b57505050565b5f5260205f20906020601f840160051c830193106111a3575b601f0160051c01905b818110611198575050565b5f815560010161118d565b9091508190611184565b90815167ffffffffffffffff8111610242576111d5816111ce6001546101d4565b600161115e565b602092601f821160011461121557611205929382915f9261120a575b50508160011b915f199060031b1c19161790565b600155565b015190505f806111f1565b60015f52601f198216937fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6915f5b8681106112795750836001959610611261575b505050811b01600155565b01515f1960f88460031b161c191690555f8080611256565b91926020600181928685015181550194019201611243565b90815167ffffffffffffffff8111610242576112b9816112b26006546101d4565b600661115e565b602092601f82116001146112ed576112e8929382915f9261120a5750508160011b915f199060031b1c19161790565b600655565b60065f52601f198216937ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f915f5b8681106113515750836001959610611339575b505050811b01600655565b01515f1960f88460031b161c191690555f808061132e565b9192602060018192868501518155019401920161131b565b929190835167ffffffffffffffff8111610242576113908161138b5f546101d4565b61110f565b6020601f82116001146113d257816113cd93926113c69261027d97985f9261120a5750508160011b915f199060031b1c19161790565b5f556111ad565b611291565b5f8052601f198216957f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563965f5b81811061144257509660019284926113cd969561027d999a1061142a575b505050811b015f556111ad565b01515f1960f88460031b161c191690555f808061141d565b838301518955600190980197602093840193016113ff565b6001600160a01b0381165f9081527f6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6df602052604090205460ff161561149c5750565b6001600160a01b03165f8181527f6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6df60205260408120805460ff191660011790553391907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d8180a4565b6001600160a01b0381165f9081527fa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f4602052604090205460ff16156115475750565b6001600160a01b0381165f9081527fa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f460205260409020805460ff1916600117905533906001600160a01b03167f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a67f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d5f80a4565b6001600160a01b039081165f818152600460209081526040808320948616835293815292902090927f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92592918590556040519485526001600160a01b031693a3565b6001600160a01b039081165f81815260046020908152604080832094861683529390529190912090939290545f1981146116c2578181106116a15761169e9293945f526004602052039160405f209060018060a01b03165f5260205260405f2090565b55565b82630c95cf2760e11b5f5260018060a01b031660045260245260445260645ffd5b5050509050565b634e487b7160e01b5f52601160045260245ffd5b919082018092116116ea57565b6116c9565b6001600160a01b03821692909183156117c2576001600160a01b0383165f818152600360205260409020549093908381106117a7576117a292849261176b7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef9661178594039160018060a01b03165f52600360205260405f2090565b556001600160a01b03165f90815260036020526040902090565b6117908282546116dd565b90556040519081529081906020820190565b0390a3565b83908563db42144d60e01b5f5260045260245260445260645ffd5b83630bc2c5df60e11b5f5260045260245ffd5b335f9081527f6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6df602052604090205460ff161561180d57565b63e2517d3f60e01b5f52336004525f60245260445ffd5b60405163a9059cbb60e01b60208201526001600160a01b03909216602483015260448083019390935291815261027d9161185f606483610220565b611af7565b6001600160a01b03169081156118d0576002548181018091116116ea57600255815f52600360205260405f208054918083018093116116ea579190556040519081525f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef90602090a3565b50630bc2c5df60e11b5f5260045260245ffd5b5f1981146116ea5760010190565b928042116119ce57906119876119959260018060a01b0386165f52600560205260405f20805490611921826118e3565b9055604051958694602086019889919260a093969594919660c08401977f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98552600180871b03166020850152600180861b03166040840152606083015260808201520152565b03601f198101835282610220565b5190206119876110936119a6610fd9565b92604051928391602083019586909160429261190160f01b8352600283015260228201520190565b630f88f04960e41b5f526004524260245260445ffd5b6040513d5f823e3d90fd5b92919260ff8216601b8114159081611ab0575b50611aa1577f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a08311611a9257611a5c5f93602095604051948594859094939260ff6060936080840197845216602083015260408201520152565b838052039060015afa15611a8d575f51906001600160a01b03821615611a7e57565b638baa579f60e01b5f5260045ffd5b6119e4565b6317e97eb760e31b5f5260045ffd5b63ff551e8960e01b5f5260045ffd5b601c915014155f611a02565b6001600160a01b03908116911603611ad057565b6310c74b0360e01b5f5260045ffd5b9081602091031261049f5751801515810361049f5790565b90813b15611b9d575f816020829351910182855af13d15611b95573d90611b1d826104a3565b91611b2b6040519384610220565b82523d5f602084013e5b15611b8d578051908115159182611b6b575b5050611b505750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b611b86925090602080611b82938301019101611adf565b1590565b5f80611b47565b602081519101fd5b606090611b35565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fd",
}

// CachedDomainMExtensionABI is the input ABI used to generate the binding from.
// Deprecated: Use CachedDomainMExtensionMetaData.ABI instead.
var CachedDomainMExtensionABI = CachedDomainMExtensionMetaData.ABI

// CachedDomainMExtensionBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use CachedDomainMExtensionMetaData.Bin instead.
var CachedDomainMExtensionBin = CachedDomainMExtensionMetaData.Bin

// DeployCachedDomainMExtension deploys a new Ethereum contract, binding an instance of CachedDomainMExtension to it.
func DeployCachedDomainMExtension(auth *bind.TransactOpts, backend bind.ContractBackend, name_ string, mToken_ common.Address, swapFacility_ common.Address) (common.Address, *types.Transaction, *CachedDomainMExtension, error) {
	parsed, err := CachedDomainMExtensionMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(CachedDomainMExtensionBin), backend, name_, mToken_, swapFacility_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &CachedDomainMExtension{CachedDomainMExtensionCaller: CachedDomainMExtensionCaller{contract: contract}, CachedDomainMExtensionTransactor: CachedDomainMExtensionTransactor{contract: contract}, CachedDomainMExtensionFilterer: CachedDomainMExtensionFilterer{contract: contract}}, nil
}

// CachedDomainMExtension is an auto generated Go binding around an Ethereum contract.
type CachedDomainMExtension struct {
	CachedDomainMExtensionCaller     // Read-only binding to the contract
	CachedDomainMExtensionTransactor // Write-only binding to the contract
	CachedDomainMExtensionFilterer   // Log filterer for contract events
}

// CachedDomainMExtensionCaller is an auto generated read-only Go binding around an Ethereum contract.
type CachedDomainMExtensionCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// CachedDomainMExtensionTransactor is an auto generated write-only Go binding around an Ethereum contract.
type CachedDomainMExtensionTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// CachedDomainMExtensionFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type CachedDomainMExtensionFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// CachedDomainMExtensionSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type CachedDomainMExtensionSession struct {
	Contract     *CachedDomainMExtension // Generic contract binding to set the session for
	CallOpts     bind.CallOpts           // Call options to use throughout this session
	TransactOpts bind.TransactOpts       // Transaction auth options to use throughout this session
}

// CachedDomainMExtensionCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type CachedDomainMExtensionCallerSession struct {
	Contract *CachedDomainMExtensionCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts                 // Call options to use throughout this session
}

// CachedDomainMExtensionTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type CachedDomainMExtensionTransactorSession struct {
	Contract     *CachedDomainMExtensionTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts                 // Transaction auth options to use throughout this session
}

// CachedDomainMExtensionRaw is an auto generated low-level Go binding around an Ethereum contract.
type CachedDomainMExtensionRaw struct {
	Contract *CachedDomainMExtension // Generic contract binding to access the raw methods on
}

// CachedDomainMExtensionCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type CachedDomainMExtensionCallerRaw struct {
	Contract *CachedDomainMExtensionCaller // Generic read-only contract binding to access the raw methods on
}

// CachedDomainMExtensionTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type CachedDomainMExtensionTransactorRaw struct {
	Contract *CachedDomainMExtensionTransactor // Generic write-only contract binding to access the raw methods on
}

// NewCachedDomainMExtension creates a new instance of CachedDomainMExtension, bound to a specific deployed contract.
func NewCachedDomainMExtension(address common.Address, backend bind.ContractBackend) (*CachedDomainMExtension, error) {
	contract, err := bindCachedDomainMExtension(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtension{CachedDomainMExtensionCaller: CachedDomainMExtensionCaller{contract: contract}, CachedDomainMExtensionTransactor: CachedDomainMExtensionTransactor{contract: contract}, CachedDomainMExtensionFilterer: CachedDomainMExtensionFilterer{contract: contract}}, nil
}

// NewCachedDomainMExtensionCaller creates a new read-only instance of CachedDomainMExtension, bound to a specific deployed contract.
func NewCachedDomainMExtensionCaller(address common.Address, caller bind.ContractCaller) (*CachedDomainMExtensionCaller, error) {
	contract, err := bindCachedDomainMExtension(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionCaller{contract: contract}, nil
}

// NewCachedDomainMExtensionTransactor creates a new write-only instance of CachedDomainMExtension, bound to a specific deployed contract.
func NewCachedDomainMExtensionTransactor(address common.Address, transactor bind.ContractTransactor) (*CachedDomainMExtensionTransactor, error) {
	contract, err := bindCachedDomainMExtension(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionTransactor{contract: contract}, nil
}

// NewCachedDomainMExtensionFilterer creates a new log filterer instance of CachedDomainMExtension, bound to a specific deployed contract.
func NewCachedDomainMExtensionFilterer(address common.Address, filterer bind.ContractFilterer) (*CachedDomainMExtensionFilterer, error) {
	contract, err := bindCachedDomainMExtension(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionFilterer{contract: contract}, nil
}

// bindCachedDomainMExtension binds a generic wrapper to an already deployed contract.
func bindCachedDomainMExtension(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := CachedDomainMExtensionMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_CachedDomainMExtension *CachedDomainMExtensionRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _CachedDomainMExtension.Contract.CachedDomainMExtensionCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_CachedDomainMExtension *CachedDomainMExtensionRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.CachedDomainMExtensionTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_CachedDomainMExtension *CachedDomainMExtensionRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.CachedDomainMExtensionTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_CachedDomainMExtension *CachedDomainMExtensionCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _CachedDomainMExtension.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.contract.Transact(opts, method, params...)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.DEFAULTADMINROLE(&_CachedDomainMExtension.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.DEFAULTADMINROLE(&_CachedDomainMExtension.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) DOMAINSEPARATOR(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "DOMAIN_SEPARATOR")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.DOMAINSEPARATOR(&_CachedDomainMExtension.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.DOMAINSEPARATOR(&_CachedDomainMExtension.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) MINTERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "MINTER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) MINTERROLE() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.MINTERROLE(&_CachedDomainMExtension.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) MINTERROLE() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.MINTERROLE(&_CachedDomainMExtension.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) PERMITTYPEHASH(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "PERMIT_TYPEHASH")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) PERMITTYPEHASH() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.PERMITTYPEHASH(&_CachedDomainMExtension.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) PERMITTYPEHASH() ([32]byte, error) {
	return _CachedDomainMExtension.Contract.PERMITTYPEHASH(&_CachedDomainMExtension.CallOpts)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) Allowance(opts *bind.CallOpts, owner common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "allowance", owner, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _CachedDomainMExtension.Contract.Allowance(&_CachedDomainMExtension.CallOpts, owner, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _CachedDomainMExtension.Contract.Allowance(&_CachedDomainMExtension.CallOpts, owner, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _CachedDomainMExtension.Contract.BalanceOf(&_CachedDomainMExtension.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _CachedDomainMExtension.Contract.BalanceOf(&_CachedDomainMExtension.CallOpts, account)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) CurrentIndex(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "currentIndex")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) CurrentIndex() (*big.Int, error) {
	return _CachedDomainMExtension.Contract.CurrentIndex(&_CachedDomainMExtension.CallOpts)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) CurrentIndex() (*big.Int, error) {
	return _CachedDomainMExtension.Contract.CurrentIndex(&_CachedDomainMExtension.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Decimals() (uint8, error) {
	return _CachedDomainMExtension.Contract.Decimals(&_CachedDomainMExtension.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) Decimals() (uint8, error) {
	return _CachedDomainMExtension.Contract.Decimals(&_CachedDomainMExtension.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) Eip712Domain(opts *bind.CallOpts) (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "eip712Domain")

	outstruct := new(struct {
		Fields            [1]byte
		Name              string
		Version           string
		ChainId           *big.Int
		VerifyingContract common.Address
		Salt              [32]byte
		Extensions        []*big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Fields = *abi.ConvertType(out[0], new([1]byte)).(*[1]byte)
	outstruct.Name = *abi.ConvertType(out[1], new(string)).(*string)
	outstruct.Version = *abi.ConvertType(out[2], new(string)).(*string)
	outstruct.ChainId = *abi.ConvertType(out[3], new(*big.Int)).(**big.Int)
	outstruct.VerifyingContract = *abi.ConvertType(out[4], new(common.Address)).(*common.Address)
	outstruct.Salt = *abi.ConvertType(out[5], new([32]byte)).(*[32]byte)
	outstruct.Extensions = *abi.ConvertType(out[6], new([]*big.Int)).(*[]*big.Int)

	return *outstruct, err

}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _CachedDomainMExtension.Contract.Eip712Domain(&_CachedDomainMExtension.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _CachedDomainMExtension.Contract.Eip712Domain(&_CachedDomainMExtension.CallOpts)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _CachedDomainMExtension.Contract.HasRole(&_CachedDomainMExtension.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _CachedDomainMExtension.Contract.HasRole(&_CachedDomainMExtension.CallOpts, role, account)
}

// IsEarningEnabled is a free data retrieval call binding the contract method 0xc9144ddb.
//
// Solidity: function isEarningEnabled() pure returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) IsEarningEnabled(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "isEarningEnabled")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsEarningEnabled is a free data retrieval call binding the contract method 0xc9144ddb.
//
// Solidity: function isEarningEnabled() pure returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) IsEarningEnabled() (bool, error) {
	return _CachedDomainMExtension.Contract.IsEarningEnabled(&_CachedDomainMExtension.CallOpts)
}

// IsEarningEnabled is a free data retrieval call binding the contract method 0xc9144ddb.
//
// Solidity: function isEarningEnabled() pure returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) IsEarningEnabled() (bool, error) {
	return _CachedDomainMExtension.Contract.IsEarningEnabled(&_CachedDomainMExtension.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) MToken(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "mToken")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) MToken() (common.Address, error) {
	return _CachedDomainMExtension.Contract.MToken(&_CachedDomainMExtension.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) MToken() (common.Address, error) {
	return _CachedDomainMExtension.Contract.MToken(&_CachedDomainMExtension.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Name() (string, error) {
	return _CachedDomainMExtension.Contract.Name(&_CachedDomainMExtension.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) Name() (string, error) {
	return _CachedDomainMExtension.Contract.Name(&_CachedDomainMExtension.CallOpts)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) Nonces(opts *bind.CallOpts, owner common.Address) (*big.Int, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "nonces", owner)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Nonces(owner common.Address) (*big.Int, error) {
	return _CachedDomainMExtension.Contract.Nonces(&_CachedDomainMExtension.CallOpts, owner)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) Nonces(owner common.Address) (*big.Int, error) {
	return _CachedDomainMExtension.Contract.Nonces(&_CachedDomainMExtension.CallOpts, owner)
}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) SwapFacility(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "swapFacility")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) SwapFacility() (common.Address, error) {
	return _CachedDomainMExtension.Contract.SwapFacility(&_CachedDomainMExtension.CallOpts)
}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) SwapFacility() (common.Address, error) {
	return _CachedDomainMExtension.Contract.SwapFacility(&_CachedDomainMExtension.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Symbol() (string, error) {
	return _CachedDomainMExtension.Contract.Symbol(&_CachedDomainMExtension.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) Symbol() (string, error) {
	return _CachedDomainMExtension.Contract.Symbol(&_CachedDomainMExtension.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _CachedDomainMExtension.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) TotalSupply() (*big.Int, error) {
	return _CachedDomainMExtension.Contract.TotalSupply(&_CachedDomainMExtension.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_CachedDomainMExtension *CachedDomainMExtensionCallerSession) TotalSupply() (*big.Int, error) {
	return _CachedDomainMExtension.Contract.TotalSupply(&_CachedDomainMExtension.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Approve(&_CachedDomainMExtension.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Approve(&_CachedDomainMExtension.TransactOpts, spender, amount)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.GrantRole(&_CachedDomainMExtension.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.GrantRole(&_CachedDomainMExtension.TransactOpts, role, account)
}

// Initialize is a paid mutator transaction binding the contract method 0x077f224a.
//
// Solidity: function initialize(string name_, string symbol_, address admin) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Initialize(opts *bind.TransactOpts, name_ string, symbol_ string, admin common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "initialize", name_, symbol_, admin)
}

// Initialize is a paid mutator transaction binding the contract method 0x077f224a.
//
// Solidity: function initialize(string name_, string symbol_, address admin) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Initialize(name_ string, symbol_ string, admin common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Initialize(&_CachedDomainMExtension.TransactOpts, name_, symbol_, admin)
}

// Initialize is a paid mutator transaction binding the contract method 0x077f224a.
//
// Solidity: function initialize(string name_, string symbol_, address admin) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Initialize(name_ string, symbol_ string, admin common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Initialize(&_CachedDomainMExtension.TransactOpts, name_, symbol_, admin)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Mint(&_CachedDomainMExtension.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Mint(&_CachedDomainMExtension.TransactOpts, to, amount)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Permit(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "permit", owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Permit(&_CachedDomainMExtension.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Permit(&_CachedDomainMExtension.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Permit0(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "permit0", owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Permit0(&_CachedDomainMExtension.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Permit0(&_CachedDomainMExtension.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.RevokeRole(&_CachedDomainMExtension.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.RevokeRole(&_CachedDomainMExtension.TransactOpts, role, account)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Transfer(&_CachedDomainMExtension.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Transfer(&_CachedDomainMExtension.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.TransferFrom(&_CachedDomainMExtension.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.TransferFrom(&_CachedDomainMExtension.TransactOpts, from, to, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0x39f47693.
//
// Solidity: function unwrap(address recipient, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Unwrap(opts *bind.TransactOpts, recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "unwrap", recipient, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0x39f47693.
//
// Solidity: function unwrap(address recipient, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Unwrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Unwrap(&_CachedDomainMExtension.TransactOpts, recipient, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0x39f47693.
//
// Solidity: function unwrap(address recipient, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Unwrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Unwrap(&_CachedDomainMExtension.TransactOpts, recipient, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xbf376c7a.
//
// Solidity: function wrap(address recipient, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactor) Wrap(opts *bind.TransactOpts, recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.contract.Transact(opts, "wrap", recipient, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xbf376c7a.
//
// Solidity: function wrap(address recipient, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionSession) Wrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Wrap(&_CachedDomainMExtension.TransactOpts, recipient, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xbf376c7a.
//
// Solidity: function wrap(address recipient, uint256 amount) returns()
func (_CachedDomainMExtension *CachedDomainMExtensionTransactorSession) Wrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _CachedDomainMExtension.Contract.Wrap(&_CachedDomainMExtension.TransactOpts, recipient, amount)
}

// CachedDomainMExtensionApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionApprovalIterator struct {
	Event *CachedDomainMExtensionApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *CachedDomainMExtensionApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CachedDomainMExtensionApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(CachedDomainMExtensionApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *CachedDomainMExtensionApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CachedDomainMExtensionApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CachedDomainMExtensionApproval represents a Approval event raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*CachedDomainMExtensionApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionApprovalIterator{contract: _CachedDomainMExtension.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *CachedDomainMExtensionApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CachedDomainMExtensionApproval)
				if err := _CachedDomainMExtension.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) ParseApproval(log types.Log) (*CachedDomainMExtensionApproval, error) {
	event := new(CachedDomainMExtensionApproval)
	if err := _CachedDomainMExtension.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CachedDomainMExtensionRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionRoleGrantedIterator struct {
	Event *CachedDomainMExtensionRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *CachedDomainMExtensionRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CachedDomainMExtensionRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(CachedDomainMExtensionRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *CachedDomainMExtensionRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CachedDomainMExtensionRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CachedDomainMExtensionRoleGranted represents a RoleGranted event raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*CachedDomainMExtensionRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionRoleGrantedIterator{contract: _CachedDomainMExtension.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *CachedDomainMExtensionRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CachedDomainMExtensionRoleGranted)
				if err := _CachedDomainMExtension.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) ParseRoleGranted(log types.Log) (*CachedDomainMExtensionRoleGranted, error) {
	event := new(CachedDomainMExtensionRoleGranted)
	if err := _CachedDomainMExtension.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CachedDomainMExtensionRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionRoleRevokedIterator struct {
	Event *CachedDomainMExtensionRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *CachedDomainMExtensionRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CachedDomainMExtensionRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(CachedDomainMExtensionRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *CachedDomainMExtensionRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CachedDomainMExtensionRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CachedDomainMExtensionRoleRevoked represents a RoleRevoked event raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*CachedDomainMExtensionRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionRoleRevokedIterator{contract: _CachedDomainMExtension.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *CachedDomainMExtensionRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CachedDomainMExtensionRoleRevoked)
				if err := _CachedDomainMExtension.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) ParseRoleRevoked(log types.Log) (*CachedDomainMExtensionRoleRevoked, error) {
	event := new(CachedDomainMExtensionRoleRevoked)
	if err := _CachedDomainMExtension.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// CachedDomainMExtensionTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionTransferIterator struct {
	Event *CachedDomainMExtensionTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *CachedDomainMExtensionTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(CachedDomainMExtensionTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(CachedDomainMExtensionTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *CachedDomainMExtensionTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *CachedDomainMExtensionTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// CachedDomainMExtensionTransfer represents a Transfer event raised by the CachedDomainMExtension contract.
type CachedDomainMExtensionTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*CachedDomainMExtensionTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &CachedDomainMExtensionTransferIterator{contract: _CachedDomainMExtension.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *CachedDomainMExtensionTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _CachedDomainMExtension.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(CachedDomainMExtensionTransfer)
				if err := _CachedDomainMExtension.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_CachedDomainMExtension *CachedDomainMExtensionFilterer) ParseTransfer(log types.Log) (*CachedDomainMExtensionTransfer, error) {
	event := new(CachedDomainMExtensionTransfer)
	if err := _CachedDomainMExtension.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// ConstantProductPoolMetaData contains all meta data concerning the ConstantProductPool contract.
var ConstantProductPoolMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token0_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token1_\",\"type\":\"address\"},{\"internalType\":\"uint24\",\"name\":\"fee_\",\"type\":\"uint24\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"InsufficientInput\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InsufficientLiquidity\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount0\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount1\",\"type\":\"uint256\"}],\"name\":\"LiquidityAdded\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"zeroForOne\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"}],\"name\":\"Swap\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount0\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount1\",\"type\":\"uint256\"}],\"name\":\"addLiquidity\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"factory\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"fee\",\"outputs\":[{\"internalType\":\"uint24\",\"name\":\"\",\"type\":\"uint24\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"zeroForOne\",\"type\":\"bool\"},{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"}],\"name\":\"getAmountOut\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"reserve0\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"reserve1\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"sqrtPriceX96\",\"outputs\":[{\"internalType\":\"uint160\",\"name\":\"\",\"type\":\"uint160\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"zeroForOne\",\"type\":\"bool\"},{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"}],\"name\":\"sqrtPriceX96After\",\"outputs\":[{\"internalType\":\"uint160\",\"name\":\"\",\"type\":\"uint160\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"zeroForOne\",\"type\":\"bool\"}],\"name\":\"swap\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"token0\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"token1\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x610100346100e557601f610acb38819003918201601f19168301916001600160401b038311848410176100e9578084926060946040528339810103126100e557610048816100fd565b906040610057602083016100fd565b9101519162ffffff831683036100e5573360805260a05260c05260e0526040516109b99081610112823960805181610461015260a05181818160d9015281816101f7015281816102ab01528181610427015261077c015260c051818181610223015281816102cc01528181610406015281816104a501526107d2015260e0518181816104ef015261060b0152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100e55756fe60806040526004361015610011575f80fd5b5f3560e01c80630dfe1681146100c4578063443cb4bc146100bf5780635a76f25e146100ba5780638290d9b8146100b55780638db791d2146100b05780639cd441da146100ab578063a278d036146100a6578063c45a0155146100a1578063d21220a71461009c578063ddca3f43146100975763f7838e6b14610092575f80fd5b610513565b6104d4565b610490565b61044c565b61026d565b6101b4565b610182565b61014f565b610128565b61010c565b34610108575f366003190112610108576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b5f80fd5b34610108575f3660031901126101085760205f54604051908152f35b34610108575f366003190112610108576020600154604051908152f35b8015150361010857565b3461010857604036600319011261010857602061017a60043561017181610145565b602435906105f9565b604051908152f35b34610108575f3660031901126101085760206101a25f54600154906106dd565b6040516001600160a01b039091168152f35b34610108576040366003190112610108576004357fac1d76749e5447b7b16f5ab61447e1bd502f3bb4807af3b28e620d1700a6ee4561026860243561021b8430337f000000000000000000000000000000000000000000000000000000000000000061070e565b6102478130337f000000000000000000000000000000000000000000000000000000000000000061070e565b61024f610759565b6040805194855260208501919091523393918291820190565b0390a2005b34610108576040366003190112610108576004356001600160a01b0381169081810361010857602435916102a083610145565b8215610400575f54927f00000000000000000000000000000000000000000000000000000000000000007f0000000000000000000000000000000000000000000000000000000000000000945b6040516370a0823160e01b815230600482015291602090839060249082906001600160a01b03165afa80156103fb5761032d925f916103cc575b506106d0565b9283156103bd5761033e84836105f9565b9485156103ae57610350918691610849565b610358610759565b60408051911515825260208201849052810184905233907f03e874ff0400af332019e3388ba3ec252559e9e6b33b393b1335aaf4755384e390606090a360408051918252602082019290925290819081015b0390f35b63bb55fd2760e01b5f5260045ffd5b63f8b3bb6160e01b5f5260045ffd5b6103ee915060203d6020116103f4575b6103e6818361068f565b8101906106b6565b5f610327565b503d6103dc565b6106c5565b600154927f00000000000000000000000000000000000000000000000000000000000000007f0000000000000000000000000000000000000000000000000000000000000000946102ed565b34610108575f366003190112610108576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610108575f366003190112610108576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610108575f36600319011261010857602060405162ffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101085760403660031901126101085760043561053081610145565b60243561053d81836105f9565b9115610588575f5490810180911161058357600154918203918211610583576103aa91610569916106dd565b6040516001600160a01b0390911681529081906020820190565b6105b4565b905f5490810390811161058357600154918201809211610583576103aa916105af916106dd565b610569565b634e487b7160e01b5f52601160045260245ffd5b8181029291811591840414171561058357565b81156105e5570490565b634e487b7160e01b5f52601260045260245ffd5b15610670575f54600154915b62ffffff7f000000000000000000000000000000000000000000000000000000000000000016620f4240039062ffffff821161058357610652620f42409162ffffff61065a9416906105c8565b0480936105c8565b9181018091116105835761066d916105db565b90565b6001545f5491610605565b634e487b7160e01b5f52604160045260245ffd5b90601f8019910116810190811067ffffffffffffffff8211176106b157604052565b61067b565b90816020910312610108575190565b6040513d5f823e3d90fd5b9190820391821161058357565b8015610708576001600160a01b0391610701916106fc9160601b6105db565b610884565b60301b1690565b50505f90565b6040516323b872dd60e01b60208201526001600160a01b0392831660248201529290911660448301526064808301939093529181526107579161075260848361068f565b6108e2565b565b6040516370a0823160e01b81523060048201526020816024816001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000165afa9081156103fb575f9161082a575b505f556040516370a0823160e01b81523060048201526020816024816001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000165afa80156103fb57610757915f9161080b575b50600155565b610824915060203d6020116103f4576103e6818361068f565b5f610805565b610843915060203d6020116103f4576103e6818361068f565b5f6107ac565b60405163a9059cbb60e01b60208201526001600160a01b0390921660248301526044808301939093529181526107579161075260648361068f565b9081156108c8578160011c6001810180911161058357825b8382106108a7575050565b909250826108b581836105db565b9081018091116105835760011c9061089c565b5f9150565b90816020910312610108575161066d81610145565b90813b15610998575f816020829351910182855af13d15610990573d9067ffffffffffffffff82116106b15760405191610926601f8201601f19166020018461068f565b82523d5f602084013e5b15610988578051908115159182610966575b505061094b5750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b61098192509060208061097d9383010191016108cd565b1590565b5f80610942565b602081519101fd5b606090610930565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fd",
}

// ConstantProductPoolABI is the input ABI used to generate the binding from.
// Deprecated: Use ConstantProductPoolMetaData.ABI instead.
var ConstantProductPoolABI = ConstantProductPoolMetaData.ABI

// ConstantProductPoolBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use ConstantProductPoolMetaData.Bin instead.
var ConstantProductPoolBin = ConstantProductPoolMetaData.Bin

// DeployConstantProductPool deploys a new Ethereum contract, binding an instance of ConstantProductPool to it.
func DeployConstantProductPool(auth *bind.TransactOpts, backend bind.ContractBackend, token0_ common.Address, token1_ common.Address, fee_ *big.Int) (common.Address, *types.Transaction, *ConstantProductPool, error) {
	parsed, err := ConstantProductPoolMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(ConstantProductPoolBin), backend, token0_, token1_, fee_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &ConstantProductPool{ConstantProductPoolCaller: ConstantProductPoolCaller{contract: contract}, ConstantProductPoolTransactor: ConstantProductPoolTransactor{contract: contract}, ConstantProductPoolFilterer: ConstantProductPoolFilterer{contract: contract}}, nil
}

// ConstantProductPool is an auto generated Go binding around an Ethereum contract.
type ConstantProductPool struct {
	ConstantProductPoolCaller     // Read-only binding to the contract
	ConstantProductPoolTransactor // Write-only binding to the contract
	ConstantProductPoolFilterer   // Log filterer for contract events
}

// ConstantProductPoolCaller is an auto generated read-only Go binding around an Ethereum contract.
type ConstantProductPoolCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// ConstantProductPoolTransactor is an auto generated write-only Go binding around an Ethereum contract.
type ConstantProductPoolTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// ConstantProductPoolFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type ConstantProductPoolFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// ConstantProductPoolSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type ConstantProductPoolSession struct {
	Contract     *ConstantProductPool // Generic contract binding to set the session for
	CallOpts     bind.CallOpts        // Call options to use throughout this session
	TransactOpts bind.TransactOpts    // Transaction auth options to use throughout this session
}

// ConstantProductPoolCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type ConstantProductPoolCallerSession struct {
	Contract *ConstantProductPoolCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts              // Call options to use throughout this session
}

// ConstantProductPoolTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type ConstantProductPoolTransactorSession struct {
	Contract     *ConstantProductPoolTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts              // Transaction auth options to use throughout this session
}

// ConstantProductPoolRaw is an auto generated low-level Go binding around an Ethereum contract.
type ConstantProductPoolRaw struct {
	Contract *ConstantProductPool // Generic contract binding to access the raw methods on
}

// ConstantProductPoolCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type ConstantProductPoolCallerRaw struct {
	Contract *ConstantProductPoolCaller // Generic read-only contract binding to access the raw methods on
}

// ConstantProductPoolTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type ConstantProductPoolTransactorRaw struct {
	Contract *ConstantProductPoolTransactor // Generic write-only contract binding to access the raw methods on
}

// NewConstantProductPool creates a new instance of ConstantProductPool, bound to a specific deployed contract.
func NewConstantProductPool(address common.Address, backend bind.ContractBackend) (*ConstantProductPool, error) {
	contract, err := bindConstantProductPool(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &ConstantProductPool{ConstantProductPoolCaller: ConstantProductPoolCaller{contract: contract}, ConstantProductPoolTransactor: ConstantProductPoolTransactor{contract: contract}, ConstantProductPoolFilterer: ConstantProductPoolFilterer{contract: contract}}, nil
}

// NewConstantProductPoolCaller creates a new read-only instance of ConstantProductPool, bound to a specific deployed contract.
func NewConstantProductPoolCaller(address common.Address, caller bind.ContractCaller) (*ConstantProductPoolCaller, error) {
	contract, err := bindConstantProductPool(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &ConstantProductPoolCaller{contract: contract}, nil
}

// NewConstantProductPoolTransactor creates a new write-only instance of ConstantProductPool, bound to a specific deployed contract.
func NewConstantProductPoolTransactor(address common.Address, transactor bind.ContractTransactor) (*ConstantProductPoolTransactor, error) {
	contract, err := bindConstantProductPool(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &ConstantProductPoolTransactor{contract: contract}, nil
}

// NewConstantProductPoolFilterer creates a new log filterer instance of ConstantProductPool, bound to a specific deployed contract.
func NewConstantProductPoolFilterer(address common.Address, filterer bind.ContractFilterer) (*ConstantProductPoolFilterer, error) {
	contract, err := bindConstantProductPool(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &ConstantProductPoolFilterer{contract: contract}, nil
}

// bindConstantProductPool binds a generic wrapper to an already deployed contract.
func bindConstantProductPool(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := ConstantProductPoolMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_ConstantProductPool *ConstantProductPoolRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _ConstantProductPool.Contract.ConstantProductPoolCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_ConstantProductPool *ConstantProductPoolRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.ConstantProductPoolTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_ConstantProductPool *ConstantProductPoolRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.ConstantProductPoolTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_ConstantProductPool *ConstantProductPoolCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _ConstantProductPool.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_ConstantProductPool *ConstantProductPoolTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_ConstantProductPool *ConstantProductPoolTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.contract.Transact(opts, method, params...)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_ConstantProductPool *ConstantProductPoolCaller) Factory(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "factory")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_ConstantProductPool *ConstantProductPoolSession) Factory() (common.Address, error) {
	return _ConstantProductPool.Contract.Factory(&_ConstantProductPool.CallOpts)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_ConstantProductPool *ConstantProductPoolCallerSession) Factory() (common.Address, error) {
	return _ConstantProductPool.Contract.Factory(&_ConstantProductPool.CallOpts)
}

// Fee is a free data retrieval call binding the contract method 0xddca3f43.
//
// Solidity: function fee() view returns(uint24)
func (_ConstantProductPool *ConstantProductPoolCaller) Fee(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "fee")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Fee is a free data retrieval call binding the contract method 0xddca3f43.
//
// Solidity: function fee() view returns(uint24)
func (_ConstantProductPool *ConstantProductPoolSession) Fee() (*big.Int, error) {
	return _ConstantProductPool.Contract.Fee(&_ConstantProductPool.CallOpts)
}

// Fee is a free data retrieval call binding the contract method 0xddca3f43.
//
// Solidity: function fee() view returns(uint24)
func (_ConstantProductPool *ConstantProductPoolCallerSession) Fee() (*big.Int, error) {
	return _ConstantProductPool.Contract.Fee(&_ConstantProductPool.CallOpts)
}

// GetAmountOut is a free data retrieval call binding the contract method 0x8290d9b8.
//
// Solidity: function getAmountOut(bool zeroForOne, uint256 amountIn) view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolCaller) GetAmountOut(opts *bind.CallOpts, zeroForOne bool, amountIn *big.Int) (*big.Int, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "getAmountOut", zeroForOne, amountIn)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetAmountOut is a free data retrieval call binding the contract method 0x8290d9b8.
//
// Solidity: function getAmountOut(bool zeroForOne, uint256 amountIn) view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolSession) GetAmountOut(zeroForOne bool, amountIn *big.Int) (*big.Int, error) {
	return _ConstantProductPool.Contract.GetAmountOut(&_ConstantProductPool.CallOpts, zeroForOne, amountIn)
}

// GetAmountOut is a free data retrieval call binding the contract method 0x8290d9b8.
//
// Solidity: function getAmountOut(bool zeroForOne, uint256 amountIn) view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolCallerSession) GetAmountOut(zeroForOne bool, amountIn *big.Int) (*big.Int, error) {
	return _ConstantProductPool.Contract.GetAmountOut(&_ConstantProductPool.CallOpts, zeroForOne, amountIn)
}

// Reserve0 is a free data retrieval call binding the contract method 0x443cb4bc.
//
// Solidity: function reserve0() view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolCaller) Reserve0(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "reserve0")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Reserve0 is a free data retrieval call binding the contract method 0x443cb4bc.
//
// Solidity: function reserve0() view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolSession) Reserve0() (*big.Int, error) {
	return _ConstantProductPool.Contract.Reserve0(&_ConstantProductPool.CallOpts)
}

// Reserve0 is a free data retrieval call binding the contract method 0x443cb4bc.
//
// Solidity: function reserve0() view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolCallerSession) Reserve0() (*big.Int, error) {
	return _ConstantProductPool.Contract.Reserve0(&_ConstantProductPool.CallOpts)
}

// Reserve1 is a free data retrieval call binding the contract method 0x5a76f25e.
//
// Solidity: function reserve1() view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolCaller) Reserve1(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "reserve1")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Reserve1 is a free data retrieval call binding the contract method 0x5a76f25e.
//
// Solidity: function reserve1() view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolSession) Reserve1() (*big.Int, error) {
	return _ConstantProductPool.Contract.Reserve1(&_ConstantProductPool.CallOpts)
}

// Reserve1 is a free data retrieval call binding the contract method 0x5a76f25e.
//
// Solidity: function reserve1() view returns(uint256)
func (_ConstantProductPool *ConstantProductPoolCallerSession) Reserve1() (*big.Int, error) {
	return _ConstantProductPool.Contract.Reserve1(&_ConstantProductPool.CallOpts)
}

// SqrtPriceX96 is a free data retrieval call binding the contract method 0x8db791d2.
//
// Solidity: function sqrtPriceX96() view returns(uint160)
func (_ConstantProductPool *ConstantProductPoolCaller) SqrtPriceX96(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "sqrtPriceX96")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// SqrtPriceX96 is a free data retrieval call binding the contract method 0x8db791d2.
//
// Solidity: function sqrtPriceX96() view returns(uint160)
func (_ConstantProductPool *ConstantProductPoolSession) SqrtPriceX96() (*big.Int, error) {
	return _ConstantProductPool.Contract.SqrtPriceX96(&_ConstantProductPool.CallOpts)
}

// SqrtPriceX96 is a free data retrieval call binding the contract method 0x8db791d2.
//
// Solidity: function sqrtPriceX96() view returns(uint160)
func (_ConstantProductPool *ConstantProductPoolCallerSession) SqrtPriceX96() (*big.Int, error) {
	return _ConstantProductPool.Contract.SqrtPriceX96(&_ConstantProductPool.CallOpts)
}

// SqrtPriceX96After is a free data retrieval call binding the contract method 0xf7838e6b.
//
// Solidity: function sqrtPriceX96After(bool zeroForOne, uint256 amountIn) view returns(uint160)
func (_ConstantProductPool *ConstantProductPoolCaller) SqrtPriceX96After(opts *bind.CallOpts, zeroForOne bool, amountIn *big.Int) (*big.Int, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "sqrtPriceX96After", zeroForOne, amountIn)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// SqrtPriceX96After is a free data retrieval call binding the contract method 0xf7838e6b.
//
// Solidity: function sqrtPriceX96After(bool zeroForOne, uint256 amountIn) view returns(uint160)
func (_ConstantProductPool *ConstantProductPoolSession) SqrtPriceX96After(zeroForOne bool, amountIn *big.Int) (*big.Int, error) {
	return _ConstantProductPool.Contract.SqrtPriceX96After(&_ConstantProductPool.CallOpts, zeroForOne, amountIn)
}

// SqrtPriceX96After is a free data retrieval call binding the contract method 0xf7838e6b.
//
// Solidity: function sqrtPriceX96After(bool zeroForOne, uint256 amountIn) view returns(uint160)
func (_ConstantProductPool *ConstantProductPoolCallerSession) SqrtPriceX96After(zeroForOne bool, amountIn *big.Int) (*big.Int, error) {
	return _ConstantProductPool.Contract.SqrtPriceX96After(&_ConstantProductPool.CallOpts, zeroForOne, amountIn)
}

// Token0 is a free data retrieval call binding the contract method 0x0dfe1681.
//
// Solidity: function token0() view returns(address)
func (_ConstantProductPool *ConstantProductPoolCaller) Token0(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "token0")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Token0 is a free data retrieval call binding the contract method 0x0dfe1681.
//
// Solidity: function token0() view returns(address)
func (_ConstantProductPool *ConstantProductPoolSession) Token0() (common.Address, error) {
	return _ConstantProductPool.Contract.Token0(&_ConstantProductPool.CallOpts)
}

// Token0 is a free data retrieval call binding the contract method 0x0dfe1681.
//
// Solidity: function token0() view returns(address)
func (_ConstantProductPool *ConstantProductPoolCallerSession) Token0() (common.Address, error) {
	return _ConstantProductPool.Contract.Token0(&_ConstantProductPool.CallOpts)
}

// Token1 is a free data retrieval call binding the contract method 0xd21220a7.
//
// Solidity: function token1() view returns(address)
func (_ConstantProductPool *ConstantProductPoolCaller) Token1(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _ConstantProductPool.contract.Call(opts, &out, "token1")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Token1 is a free data retrieval call binding the contract method 0xd21220a7.
//
// Solidity: function token1() view returns(address)
func (_ConstantProductPool *ConstantProductPoolSession) Token1() (common.Address, error) {
	return _ConstantProductPool.Contract.Token1(&_ConstantProductPool.CallOpts)
}

// Token1 is a free data retrieval call binding the contract method 0xd21220a7.
//
// Solidity: function token1() view returns(address)
func (_ConstantProductPool *ConstantProductPoolCallerSession) Token1() (common.Address, error) {
	return _ConstantProductPool.Contract.Token1(&_ConstantProductPool.CallOpts)
}

// AddLiquidity is a paid mutator transaction binding the contract method 0x9cd441da.
//
// Solidity: function addLiquidity(uint256 amount0, uint256 amount1) returns()
func (_ConstantProductPool *ConstantProductPoolTransactor) AddLiquidity(opts *bind.TransactOpts, amount0 *big.Int, amount1 *big.Int) (*types.Transaction, error) {
	return _ConstantProductPool.contract.Transact(opts, "addLiquidity", amount0, amount1)
}

// AddLiquidity is a paid mutator transaction binding the contract method 0x9cd441da.
//
// Solidity: function addLiquidity(uint256 amount0, uint256 amount1) returns()
func (_ConstantProductPool *ConstantProductPoolSession) AddLiquidity(amount0 *big.Int, amount1 *big.Int) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.AddLiquidity(&_ConstantProductPool.TransactOpts, amount0, amount1)
}

// AddLiquidity is a paid mutator transaction binding the contract method 0x9cd441da.
//
// Solidity: function addLiquidity(uint256 amount0, uint256 amount1) returns()
func (_ConstantProductPool *ConstantProductPoolTransactorSession) AddLiquidity(amount0 *big.Int, amount1 *big.Int) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.AddLiquidity(&_ConstantProductPool.TransactOpts, amount0, amount1)
}

// Swap is a paid mutator transaction binding the contract method 0xa278d036.
//
// Solidity: function swap(address recipient, bool zeroForOne) returns(uint256 amountIn, uint256 amountOut)
func (_ConstantProductPool *ConstantProductPoolTransactor) Swap(opts *bind.TransactOpts, recipient common.Address, zeroForOne bool) (*types.Transaction, error) {
	return _ConstantProductPool.contract.Transact(opts, "swap", recipient, zeroForOne)
}

// Swap is a paid mutator transaction binding the contract method 0xa278d036.
//
// Solidity: function swap(address recipient, bool zeroForOne) returns(uint256 amountIn, uint256 amountOut)
func (_ConstantProductPool *ConstantProductPoolSession) Swap(recipient common.Address, zeroForOne bool) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.Swap(&_ConstantProductPool.TransactOpts, recipient, zeroForOne)
}

// Swap is a paid mutator transaction binding the contract method 0xa278d036.
//
// Solidity: function swap(address recipient, bool zeroForOne) returns(uint256 amountIn, uint256 amountOut)
func (_ConstantProductPool *ConstantProductPoolTransactorSession) Swap(recipient common.Address, zeroForOne bool) (*types.Transaction, error) {
	return _ConstantProductPool.Contract.Swap(&_ConstantProductPool.TransactOpts, recipient, zeroForOne)
}

// ConstantProductPoolLiquidityAddedIterator is returned from FilterLiquidityAdded and is used to iterate over the raw logs and unpacked data for LiquidityAdded events raised by the ConstantProductPool contract.
type ConstantProductPoolLiquidityAddedIterator struct {
	Event *ConstantProductPoolLiquidityAdded // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *ConstantProductPoolLiquidityAddedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(ConstantProductPoolLiquidityAdded)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(ConstantProductPoolLiquidityAdded)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *ConstantProductPoolLiquidityAddedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *ConstantProductPoolLiquidityAddedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// ConstantProductPoolLiquidityAdded represents a LiquidityAdded event raised by the ConstantProductPool contract.
type ConstantProductPoolLiquidityAdded struct {
	Provider common.Address
	Amount0  *big.Int
	Amount1  *big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterLiquidityAdded is a free log retrieval operation binding the contract event 0xac1d76749e5447b7b16f5ab61447e1bd502f3bb4807af3b28e620d1700a6ee45.
//
// Solidity: event LiquidityAdded(address indexed provider, uint256 amount0, uint256 amount1)
func (_ConstantProductPool *ConstantProductPoolFilterer) FilterLiquidityAdded(opts *bind.FilterOpts, provider []common.Address) (*ConstantProductPoolLiquidityAddedIterator, error) {

	var providerRule []interface{}
	for _, providerItem := range provider {
		providerRule = append(providerRule, providerItem)
	}

	logs, sub, err := _ConstantProductPool.contract.FilterLogs(opts, "LiquidityAdded", providerRule)
	if err != nil {
		return nil, err
	}
	return &ConstantProductPoolLiquidityAddedIterator{contract: _ConstantProductPool.contract, event: "LiquidityAdded", logs: logs, sub: sub}, nil
}

// WatchLiquidityAdded is a free log subscription operation binding the contract event 0xac1d76749e5447b7b16f5ab61447e1bd502f3bb4807af3b28e620d1700a6ee45.
//
// Solidity: event LiquidityAdded(address indexed provider, uint256 amount0, uint256 amount1)
func (_ConstantProductPool *ConstantProductPoolFilterer) WatchLiquidityAdded(opts *bind.WatchOpts, sink chan<- *ConstantProductPoolLiquidityAdded, provider []common.Address) (event.Subscription, error) {

	var providerRule []interface{}
	for _, providerItem := range provider {
		providerRule = append(providerRule, providerItem)
	}

	logs, sub, err := _ConstantProductPool.contract.WatchLogs(opts, "LiquidityAdded", providerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(ConstantProductPoolLiquidityAdded)
				if err := _ConstantProductPool.contract.UnpackLog(event, "LiquidityAdded", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseLiquidityAdded is a log parse operation binding the contract event 0xac1d76749e5447b7b16f5ab61447e1bd502f3bb4807af3b28e620d1700a6ee45.
//
// Solidity: event LiquidityAdded(address indexed provider, uint256 amount0, uint256 amount1)
func (_ConstantProductPool *ConstantProductPoolFilterer) ParseLiquidityAdded(log types.Log) (*ConstantProductPoolLiquidityAdded, error) {
	event := new(ConstantProductPoolLiquidityAdded)
	if err := _ConstantProductPool.contract.UnpackLog(event, "LiquidityAdded", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// ConstantProductPoolSwapIterator is returned from FilterSwap and is used to iterate over the raw logs and unpacked data for Swap events raised by the ConstantProductPool contract.
type ConstantProductPoolSwapIterator struct {
	Event *ConstantProductPoolSwap // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *ConstantProductPoolSwapIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(ConstantProductPoolSwap)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(ConstantProductPoolSwap)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *ConstantProductPoolSwapIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *ConstantProductPoolSwapIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// ConstantProductPoolSwap represents a Swap event raised by the ConstantProductPool contract.
type ConstantProductPoolSwap struct {
	Sender     common.Address
	Recipient  common.Address
	ZeroForOne bool
	AmountIn   *big.Int
	AmountOut  *big.Int
	Raw        types.Log // Blockchain specific contextual infos
}

// FilterSwap is a free log retrieval operation binding the contract event 0x03e874ff0400af332019e3388ba3ec252559e9e6b33b393b1335aaf4755384e3.
//
// Solidity: event Swap(address indexed sender, address indexed recipient, bool zeroForOne, uint256 amountIn, uint256 amountOut)
func (_ConstantProductPool *ConstantProductPoolFilterer) FilterSwap(opts *bind.FilterOpts, sender []common.Address, recipient []common.Address) (*ConstantProductPoolSwapIterator, error) {

	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _ConstantProductPool.contract.FilterLogs(opts, "Swap", senderRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &ConstantProductPoolSwapIterator{contract: _ConstantProductPool.contract, event: "Swap", logs: logs, sub: sub}, nil
}

// WatchSwap is a free log subscription operation binding the contract event 0x03e874ff0400af332019e3388ba3ec252559e9e6b33b393b1335aaf4755384e3.
//
// Solidity: event Swap(address indexed sender, address indexed recipient, bool zeroForOne, uint256 amountIn, uint256 amountOut)
func (_ConstantProductPool *ConstantProductPoolFilterer) WatchSwap(opts *bind.WatchOpts, sink chan<- *ConstantProductPoolSwap, sender []common.Address, recipient []common.Address) (event.Subscription, error) {

	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _ConstantProductPool.contract.WatchLogs(opts, "Swap", senderRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(ConstantProductPoolSwap)
				if err := _ConstantProductPool.contract.UnpackLog(event, "Swap", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSwap is a log parse operation binding the contract event 0x03e874ff0400af332019e3388ba3ec252559e9e6b33b393b1335aaf4755384e3.
//
// Solidity: event Swap(address indexed sender, address indexed recipient, bool zeroForOne, uint256 amountIn, uint256 amountOut)
func (_ConstantProductPool *ConstantProductPoolFilterer) ParseSwap(log types.Log) (*ConstantProductPoolSwap, error) {
	event := new(ConstantProductPoolSwap)
	if err := _ConstantProductPool.contract.UnpackLog(event, "Swap", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// ERC1967ProxyMetaData contains all meta data concerning the ERC1967Proxy contract.
var ERC1967ProxyMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"implementation_\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"implementation\",\"type\":\"address\"}],\"name\":\"InvalidImplementation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"implementation\",\"type\":\"address\"}],\"name\":\"Upgraded\",\"type\":\"event\"},{\"stateMutability\":\"nonpayable\",\"type\":\"fallback\"},{\"inputs\":[],\"name\":\"implementation\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"impl\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x6080604052346100a45761026d80380380610019816100bc565b92833981016040828203126100a4578151916001600160a01b03831683036100a4576020810151906001600160401b0382116100a457019181601f840112156100a457825161006f61006a826100e6565b6100bc565b92818452602082860101116100a4576020815f928261009697018387015e84010152610101565b60405160a390816101ca8239f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b6040519190601f01601f191682016001600160401b038111838210176100e157604052565b6100a8565b6001600160401b0381116100e157601f01601f191660200190565b90813b156101a8577f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc8290556001600160a01b0382167fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b5f80a280518061016757505050565b5f926020849301905af43d156101a0573d9061018561006a836100e6565b9182523d5f602084013e5b156101985750565b602081519101fd5b606090610190565b50630c76093760e01b5f9081526001600160a01b0391909116600452602490fdfe608060405260043610156052575b34604e575f807f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc54368280378136915af43d5f803e15604a573d5ff35b3d5ffd5b5f80fd5b5f3560e01c635c60da1b03600d5734604e575f366003190112604e577f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc546001600160a01b03166080908152602090f3",
}

// ERC1967ProxyABI is the input ABI used to generate the binding from.
// Deprecated: Use ERC1967ProxyMetaData.ABI instead.
var ERC1967ProxyABI = ERC1967ProxyMetaData.ABI

// ERC1967ProxyBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use ERC1967ProxyMetaData.Bin instead.
var ERC1967ProxyBin = ERC1967ProxyMetaData.Bin

// DeployERC1967Proxy deploys a new Ethereum contract, binding an instance of ERC1967Proxy to it.
func DeployERC1967Proxy(auth *bind.TransactOpts, backend bind.ContractBackend, implementation_ common.Address, data []byte) (common.Address, *types.Transaction, *ERC1967Proxy, error) {
	parsed, err := ERC1967ProxyMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(ERC1967ProxyBin), backend, implementation_, data)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &ERC1967Proxy{ERC1967ProxyCaller: ERC1967ProxyCaller{contract: contract}, ERC1967ProxyTransactor: ERC1967ProxyTransactor{contract: contract}, ERC1967ProxyFilterer: ERC1967ProxyFilterer{contract: contract}}, nil
}

// ERC1967Proxy is an auto generated Go binding around an Ethereum contract.
type ERC1967Proxy struct {
	ERC1967ProxyCaller     // Read-only binding to the contract
	ERC1967ProxyTransactor // Write-only binding to the contract
	ERC1967ProxyFilterer   // Log filterer for contract events
}

// ERC1967ProxyCaller is an auto generated read-only Go binding around an Ethereum contract.
type ERC1967ProxyCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// ERC1967ProxyTransactor is an auto generated write-only Go binding around an Ethereum contract.
type ERC1967ProxyTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// ERC1967ProxyFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type ERC1967ProxyFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// ERC1967ProxySession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type ERC1967ProxySession struct {
	Contract     *ERC1967Proxy     // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// ERC1967ProxyCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type ERC1967ProxyCallerSession struct {
	Contract *ERC1967ProxyCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts       // Call options to use throughout this session
}

// ERC1967ProxyTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type ERC1967ProxyTransactorSession struct {
	Contract     *ERC1967ProxyTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts       // Transaction auth options to use throughout this session
}

// ERC1967ProxyRaw is an auto generated low-level Go binding around an Ethereum contract.
type ERC1967ProxyRaw struct {
	Contract *ERC1967Proxy // Generic contract binding to access the raw methods on
}

// ERC1967ProxyCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type ERC1967ProxyCallerRaw struct {
	Contract *ERC1967ProxyCaller // Generic read-only contract binding to access the raw methods on
}

// ERC1967ProxyTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type ERC1967ProxyTransactorRaw struct {
	Contract *ERC1967ProxyTransactor // Generic write-only contract binding to access the raw methods on
}

// NewERC1967Proxy creates a new instance of ERC1967Proxy, bound to a specific deployed contract.
func NewERC1967Proxy(address common.Address, backend bind.ContractBackend) (*ERC1967Proxy, error) {
	contract, err := bindERC1967Proxy(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &ERC1967Proxy{ERC1967ProxyCaller: ERC1967ProxyCaller{contract: contract}, ERC1967ProxyTransactor: ERC1967ProxyTransactor{contract: contract}, ERC1967ProxyFilterer: ERC1967ProxyFilterer{contract: contract}}, nil
}

// NewERC1967ProxyCaller creates a new read-only instance of ERC1967Proxy, bound to a specific deployed contract.
func NewERC1967ProxyCaller(address common.Address, caller bind.ContractCaller) (*ERC1967ProxyCaller, error) {
	contract, err := bindERC1967Proxy(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &ERC1967ProxyCaller{contract: contract}, nil
}

// NewERC1967ProxyTransactor creates a new write-only instance of ERC1967Proxy, bound to a specific deployed contract.
func NewERC1967ProxyTransactor(address common.Address, transactor bind.ContractTransactor) (*ERC1967ProxyTransactor, error) {
	contract, err := bindERC1967Proxy(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &ERC1967ProxyTransactor{contract: contract}, nil
}

// NewERC1967ProxyFilterer creates a new log filterer instance of ERC1967Proxy, bound to a specific deployed contract.
func NewERC1967ProxyFilterer(address common.Address, filterer bind.ContractFilterer) (*ERC1967ProxyFilterer, error) {
	contract, err := bindERC1967Proxy(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &ERC1967ProxyFilterer{contract: contract}, nil
}

// bindERC1967Proxy binds a generic wrapper to an already deployed contract.
func bindERC1967Proxy(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := ERC1967ProxyMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_ERC1967Proxy *ERC1967ProxyRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _ERC1967Proxy.Contract.ERC1967ProxyCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_ERC1967Proxy *ERC1967ProxyRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _ERC1967Proxy.Contract.ERC1967ProxyTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_ERC1967Proxy *ERC1967ProxyRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _ERC1967Proxy.Contract.ERC1967ProxyTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_ERC1967Proxy *ERC1967ProxyCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _ERC1967Proxy.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_ERC1967Proxy *ERC1967ProxyTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _ERC1967Proxy.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_ERC1967Proxy *ERC1967ProxyTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _ERC1967Proxy.Contract.contract.Transact(opts, method, params...)
}

// Implementation is a free data retrieval call binding the contract method 0x5c60da1b.
//
// Solidity: function implementation() view returns(address impl)
func (_ERC1967Proxy *ERC1967ProxyCaller) Implementation(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _ERC1967Proxy.contract.Call(opts, &out, "implementation")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Implementation is a free data retrieval call binding the contract method 0x5c60da1b.
//
// Solidity: function implementation() view returns(address impl)
func (_ERC1967Proxy *ERC1967ProxySession) Implementation() (common.Address, error) {
	return _ERC1967Proxy.Contract.Implementation(&_ERC1967Proxy.CallOpts)
}

// Implementation is a free data retrieval call binding the contract method 0x5c60da1b.
//
// Solidity: function implementation() view returns(address impl)
func (_ERC1967Proxy *ERC1967ProxyCallerSession) Implementation() (common.Address, error) {
	return _ERC1967Proxy.Contract.Implementation(&_ERC1967Proxy.CallOpts)
}

// Fallback is a paid mutator transaction binding the contract fallback function.
//
// Solidity: fallback() returns()
func (_ERC1967Proxy *ERC1967ProxyTransactor) Fallback(opts *bind.TransactOpts, calldata []byte) (*types.Transaction, error) {
	return _ERC1967Proxy.contract.RawTransact(opts, calldata)
}

// Fallback is a paid mutator transaction binding the contract fallback function.
//
// Solidity: fallback() returns()
func (_ERC1967Proxy *ERC1967ProxySession) Fallback(calldata []byte) (*types.Transaction, error) {
	return _ERC1967Proxy.Contract.Fallback(&_ERC1967Proxy.TransactOpts, calldata)
}

// Fallback is a paid mutator transaction binding the contract fallback function.
//
// Solidity: fallback() returns()
func (_ERC1967Proxy *ERC1967ProxyTransactorSession) Fallback(calldata []byte) (*types.Transaction, error) {
	return _ERC1967Proxy.Contract.Fallback(&_ERC1967Proxy.TransactOpts, calldata)
}

// ERC1967ProxyUpgradedIterator is returned from FilterUpgraded and is used to iterate over the raw logs and unpacked data for Upgraded events raised by the ERC1967Proxy contract.
type ERC1967ProxyUpgradedIterator struct {
	Event *ERC1967ProxyUpgraded // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *ERC1967ProxyUpgradedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(ERC1967ProxyUpgraded)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(ERC1967ProxyUpgraded)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *ERC1967ProxyUpgradedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *ERC1967ProxyUpgradedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// ERC1967ProxyUpgraded represents a Upgraded event raised by the ERC1967Proxy contract.
type ERC1967ProxyUpgraded struct {
	Implementation common.Address
	Raw            types.Log // Blockchain specific contextual infos
}

// FilterUpgraded is a free log retrieval operation binding the contract event 0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b.
//
// Solidity: event Upgraded(address indexed implementation)
func (_ERC1967Proxy *ERC1967ProxyFilterer) FilterUpgraded(opts *bind.FilterOpts, implementation []common.Address) (*ERC1967ProxyUpgradedIterator, error) {

	var implementationRule []interface{}
	for _, implementationItem := range implementation {
		implementationRule = append(implementationRule, implementationItem)
	}

	logs, sub, err := _ERC1967Proxy.contract.FilterLogs(opts, "Upgraded", implementationRule)
	if err != nil {
		return nil, err
	}
	return &ERC1967ProxyUpgradedIterator{contract: _ERC1967Proxy.contract, event: "Upgraded", logs: logs, sub: sub}, nil
}

// WatchUpgraded is a free log subscription operation binding the contract event 0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b.
//
// Solidity: event Upgraded(address indexed implementation)
func (_ERC1967Proxy *ERC1967ProxyFilterer) WatchUpgraded(opts *bind.WatchOpts, sink chan<- *ERC1967ProxyUpgraded, implementation []common.Address) (event.Subscription, error) {

	var implementationRule []interface{}
	for _, implementationItem := range implementation {
		implementationRule = append(implementationRule, implementationItem)
	}

	logs, sub, err := _ERC1967Proxy.contract.WatchLogs(opts, "Upgraded", implementationRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(ERC1967ProxyUpgraded)
				if err := _ERC1967Proxy.contract.UnpackLog(event, "Upgraded", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseUpgraded is a log parse operation binding the contract event 0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b.
//
// Solidity: event Upgraded(address indexed implementation)
func (_ERC1967Proxy *ERC1967ProxyFilterer) ParseUpgraded(log types.Log) (*ERC1967ProxyUpgraded, error) {
	event := new(ERC1967ProxyUpgraded)
	if err := _ERC1967Proxy.contract.UnpackLog(event, "Upgraded", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// FiatTokenMetaData contains all meta data concerning the FiatToken contract.
var FiatTokenMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"InvalidRecipient\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureV\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"SignatureExpired\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SignerMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MINTER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PERMIT_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"version\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x60a060405234610582576115b86020813803918261001c81610586565b93849283398101031261058257516001600160a01b03811690819003610582576100466040610586565b9060088252672aa9a21021b7b4b760c11b60208301526100666040610586565b9060048252635553444360e01b60208301526100826040610586565b60018152601960f91b6020820152600660805283519091906001600160401b0381116103bb575f54600181811c91168015610578575b602082101461039d57601f8111610516575b50602094601f82116001146104b5579481929394955f926104aa575b50508160011b915f199060031b1c1916175f555b82516001600160401b0381116103bb57600154600181811c911680156104a0575b602082101461039d57601f811161043d575b506020601f82116001146103da57819293945f926103cf575b50508160011b915f199060031b1c1916176001555b81516001600160401b0381116103bb57600654600181811c911680156103b1575b602082101461039d57601f811161033a575b50602092601f82116001146102d957928192935f926102ce575b50508160011b915f199060031b1c1916176006555b80156102bf575f8181525f5160206115785f395f51905f52602052604090205460ff1615610281575b5f8181525f5160206115985f395f51905f52602052604090205460ff1615610221575b604051610fac90816105ac8239608051816107340152f35b5f8181525f5160206115985f395f51905f5260205260408120805460ff191660011790553391907f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6905f5160206115585f395f51905f529080a45f610209565b5f8181525f5160206115785f395f51905f5260205260408120805460ff19166001179055339082905f5160206115585f395f51905f528180a46101e6565b633944ed8760e11b5f5260045ffd5b015190505f806101a8565b601f1982169360065f52805f20915f5b868110610322575083600195961061030a575b505050811b016006556101bd565b01515f1960f88460031b161c191690555f80806102fc565b919260206001819286850151815501940192016102e9565b60065f527ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f601f830160051c81019160208410610393575b601f0160051c01905b818110610388575061018e565b5f815560010161037b565b9091508190610372565b634e487b7160e01b5f52602260045260245ffd5b90607f169061017c565b634e487b7160e01b5f52604160045260245ffd5b015190505f80610146565b601f1982169060015f52805f20915f5b8181106104255750958360019596971061040d575b505050811b0160015561015b565b01515f1960f88460031b161c191690555f80806103ff565b9192602060018192868b0151815501940192016103ea565b60015f527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6601f830160051c81019160208410610496575b601f0160051c01905b81811061048b575061012d565b5f815560010161047e565b9091508190610475565b90607f169061011b565b015190505f806100e6565b601f198216955f8052805f20915f5b8881106104fe575083600195969798106104e6575b505050811b015f556100fa565b01515f1960f88460031b161c191690555f80806104d9565b919260206001819286850151815501940192016104c4565b5f80527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f830160051c8101916020841061056e575b601f0160051c01905b81811061056357506100ca565b5f8155600101610556565b909150819061054d565b90607f16906100b8565b5f80fd5b6040519190601f01601f191682016001600160401b038111838210176103bb5760405256fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde03146108b5578063095ea7b31461088f57806318160ddd1461087257806323b872dd1461083a5780632f2ff15d1461079257806330adf81f14610758578063313ce5671461071b5780633644e515146106f857806340c10f19146105f557806354fd4d501461055057806370a08231146105185780637ecebe00146104e057806391d148541461049757806395d89b41146103bd5780639fd5a6cf146102e2578063a217fddf146102c8578063a9059cbb14610297578063d505accf14610232578063d5391393146101f8578063d547741f146101545763dd62ed3e14610100575f80fd5b34610150576040366003190112610150576101196109ef565b610121610a05565b6001600160a01b039182165f908152600460209081526040808320949093168252928352819020549051908152f35b5f80fd5b3461015057604036600319011261015057600435610170610a05565b90610179610bcf565b805f52600760205260405f2060018060a01b0383165f5260205260ff60405f2054166101a157005b5f8181526007602090815260408083206001600160a01b0395909516808452949091528120805460ff19169055339291907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9080a4005b34610150575f3660031901126101505760206040517f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a68152f35b346101505760e03660031901126101505761024b6109ef565b610253610a05565b604435906084359260ff841684036101505761029061028a6102959560c4359060a43590610285606435898989610df1565b610ecf565b82610f89565b610a1b565b005b34610150576040366003190112610150576102bd6102b36109ef565b6024359033610b1b565b602060405160018152f35b34610150575f3660031901126101505760206040515f8152f35b346101505760a0366003190112610150576102fb6109ef565b610303610a05565b604435906084359267ffffffffffffffff841161015057366023850112156101505783600401359367ffffffffffffffff851161015057366024868301011161015057604185036103ae5761035c606435858585610df1565b90856020116101505760248101359580604011610150576044820135906040101561039a576102959661029093606461028a94013560f81c90610ecf565b634e487b7160e01b5f52603260045260245ffd5b634be6321b60e01b5f5260045ffd5b34610150575f366003190112610150576040515f6001546103dd81610957565b80845290600181169081156104735750600114610415575b610411836104058185038261098f565b604051918291826109c5565b0390f35b60015f9081527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6939250905b808210610459575090915081016020016104056103f5565b919260018160209254838588010152019101909291610441565b60ff191660208086019190915291151560051b8401909101915061040590506103f5565b34610150576040366003190112610150576104b0610a05565b6004355f52600760205260405f209060018060a01b03165f52602052602060ff60405f2054166040519015158152f35b34610150576020366003190112610150576001600160a01b036105016109ef565b165f526005602052602060405f2054604051908152f35b34610150576020366003190112610150576001600160a01b036105396109ef565b165f526003602052602060405f2054604051908152f35b34610150575f366003190112610150576040515f60065461057081610957565b8084529060018116908115610473575060011461059757610411836104058185038261098f565b60065f9081527ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f939250905b8082106105db575090915081016020016104056103f5565b9192600181602092548385880101520191019092916105c3565b346101505760403660031901126101505761060e6109ef565b335f9081527fa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f46020526040902054602435919060ff16156106c1576001600160a01b03169081156106ae577fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60208261068a5f94600254610afa565b60025584845260038252604084206106a3828254610afa565b9055604051908152a3005b50630bc2c5df60e11b5f5260045260245ffd5b63e2517d3f60e01b5f52336004527f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a660245260445ffd5b34610150575f36600319011261015057602061071330610c1e565b604051908152f35b34610150575f36600319011261015057602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b34610150575f3660031901126101505760206040517f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98152f35b34610150576040366003190112610150576004356107ae610a05565b906107b7610bcf565b805f52600760205260405f2060018060a01b0383165f5260205260ff60405f205416156107e057005b5f8181526007602090815260408083206001600160a01b0395909516808452949091528120805460ff19166001179055339291907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d9080a4005b34610150576060366003190112610150576102bd6108566109ef565b61085e610a05565b6044359161086d833383610a74565b610b1b565b34610150575f366003190112610150576020600254604051908152f35b34610150576040366003190112610150576102bd6108ab6109ef565b6024359033610a1b565b34610150575f366003190112610150576040515f5f546108d481610957565b808452906001811690811561047357506001146108fb57610411836104058185038261098f565b5f8080527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563939250905b80821061093d575090915081016020016104056103f5565b919260018160209254838588010152019101909291610925565b90600182811c92168015610985575b602083101461097157565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610966565b90601f8019910116810190811067ffffffffffffffff8211176109b157604052565b634e487b7160e01b5f52604160045260245ffd5b602060409281835280519182918282860152018484015e5f828201840152601f01601f1916010190565b600435906001600160a01b038216820361015057565b602435906001600160a01b038216820361015057565b6001600160a01b039081165f8181526004602090815260408083209590941680835294815290839020859055915193845291927f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b9259190a3565b6001600160a01b039081165f818152600460209081526040808320948616835293905291909120549291905f198414610af457828410610ad1575f52600460205260405f209060018060a01b03165f5260205260405f2091039055565b508290630c95cf2760e11b5f5260018060a01b031660045260245260445260645ffd5b50505050565b91908201809211610b0757565b634e487b7160e01b5f52601160045260245ffd5b6001600160a01b0390911691908215610bbc576001600160a01b03165f81815260036020526040902054909190818110610ba357817fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92602092855f52600384520360405f2055845f526003825260405f20610b98828254610afa565b9055604051908152a3565b8263db42144d60e01b5f5260045260245260445260645ffd5b82630bc2c5df60e11b5f5260045260245ffd5b335f9081527f6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6df602052604090205460ff1615610c0757565b63e2517d3f60e01b5f52336004525f60245260445ffd5b6040515f905f549181610c3084610957565b9182825260208201946001811690815f14610dd55750600114610d78575b610c5a9250038261098f565b519020906040515f906006549181610c7184610957565b9182825260208201946001811690815f14610d5c5750600114610cfd575b610c9b9250038261098f565b519020906040519160208301937f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f85526040840152606083015246608083015260018060a01b031660a082015260a08152610cf760c08261098f565b51902090565b5060065f90815290917ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f5b818310610d40575050906020610c9b92820101610c8f565b6020919350806001915483858801015201910190918392610d28565b60ff1916865250610c9b92151560051b82016020019050610c8f565b505f80805290917f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b818310610db9575050906020610c5a92820101610c4e565b6020919350806001915483858801015201910190918392610da1565b60ff1916865250610c5a92151560051b82016020019050610c4e565b92909192814211610eb8576001600160a01b03165f81815260056020526040902080549194905f198314610b07576001830190556040519360208501957f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98752604086015260018060a01b03166060850152608084015260a083015260c082015260c08152610e8160e08261098f565b519020610e8d30610c1e565b9060405190602082019261190160f01b84526022830152604282015260428152610cf760628261098f565b50630f88f04960e41b5f526004524260245260445ffd5b9060ff1690601b82141580610f7e575b610f6f577f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a08411610f60576020935f93608093604051938452868401526040830152606082015282805260015afa15610f55575f51906001600160a01b03821615610f4657565b638baa579f60e01b5f5260045ffd5b6040513d5f823e3d90fd5b6317e97eb760e31b5f5260045ffd5b63ff551e8960e01b5f5260045ffd5b50601c821415610edf565b6001600160a01b03908116911603610f9d57565b6310c74b0360e01b5f5260045ffd2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6dfa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f4",
}

// FiatTokenABI is the input ABI used to generate the binding from.
// Deprecated: Use FiatTokenMetaData.ABI instead.
var FiatTokenABI = FiatTokenMetaData.ABI

// FiatTokenBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use FiatTokenMetaData.Bin instead.
var FiatTokenBin = FiatTokenMetaData.Bin

// DeployFiatToken deploys a new Ethereum contract, binding an instance of FiatToken to it.
func DeployFiatToken(auth *bind.TransactOpts, backend bind.ContractBackend, admin common.Address) (common.Address, *types.Transaction, *FiatToken, error) {
	parsed, err := FiatTokenMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(FiatTokenBin), backend, admin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &FiatToken{FiatTokenCaller: FiatTokenCaller{contract: contract}, FiatTokenTransactor: FiatTokenTransactor{contract: contract}, FiatTokenFilterer: FiatTokenFilterer{contract: contract}}, nil
}

// FiatToken is an auto generated Go binding around an Ethereum contract.
type FiatToken struct {
	FiatTokenCaller     // Read-only binding to the contract
	FiatTokenTransactor // Write-only binding to the contract
	FiatTokenFilterer   // Log filterer for contract events
}

// FiatTokenCaller is an auto generated read-only Go binding around an Ethereum contract.
type FiatTokenCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// FiatTokenTransactor is an auto generated write-only Go binding around an Ethereum contract.
type FiatTokenTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// FiatTokenFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type FiatTokenFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// FiatTokenSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type FiatTokenSession struct {
	Contract     *FiatToken        // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// FiatTokenCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type FiatTokenCallerSession struct {
	Contract *FiatTokenCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts    // Call options to use throughout this session
}

// FiatTokenTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type FiatTokenTransactorSession struct {
	Contract     *FiatTokenTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts    // Transaction auth options to use throughout this session
}

// FiatTokenRaw is an auto generated low-level Go binding around an Ethereum contract.
type FiatTokenRaw struct {
	Contract *FiatToken // Generic contract binding to access the raw methods on
}

// FiatTokenCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type FiatTokenCallerRaw struct {
	Contract *FiatTokenCaller // Generic read-only contract binding to access the raw methods on
}

// FiatTokenTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type FiatTokenTransactorRaw struct {
	Contract *FiatTokenTransactor // Generic write-only contract binding to access the raw methods on
}

// NewFiatToken creates a new instance of FiatToken, bound to a specific deployed contract.
func NewFiatToken(address common.Address, backend bind.ContractBackend) (*FiatToken, error) {
	contract, err := bindFiatToken(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &FiatToken{FiatTokenCaller: FiatTokenCaller{contract: contract}, FiatTokenTransactor: FiatTokenTransactor{contract: contract}, FiatTokenFilterer: FiatTokenFilterer{contract: contract}}, nil
}

// NewFiatTokenCaller creates a new read-only instance of FiatToken, bound to a specific deployed contract.
func NewFiatTokenCaller(address common.Address, caller bind.ContractCaller) (*FiatTokenCaller, error) {
	contract, err := bindFiatToken(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &FiatTokenCaller{contract: contract}, nil
}

// NewFiatTokenTransactor creates a new write-only instance of FiatToken, bound to a specific deployed contract.
func NewFiatTokenTransactor(address common.Address, transactor bind.ContractTransactor) (*FiatTokenTransactor, error) {
	contract, err := bindFiatToken(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &FiatTokenTransactor{contract: contract}, nil
}

// NewFiatTokenFilterer creates a new log filterer instance of FiatToken, bound to a specific deployed contract.
func NewFiatTokenFilterer(address common.Address, filterer bind.ContractFilterer) (*FiatTokenFilterer, error) {
	contract, err := bindFiatToken(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &FiatTokenFilterer{contract: contract}, nil
}

// bindFiatToken binds a generic wrapper to an already deployed contract.
func bindFiatToken(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := FiatTokenMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_FiatToken *FiatTokenRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _FiatToken.Contract.FiatTokenCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_FiatToken *FiatTokenRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _FiatToken.Contract.FiatTokenTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_FiatToken *FiatTokenRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _FiatToken.Contract.FiatTokenTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_FiatToken *FiatTokenCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _FiatToken.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_FiatToken *FiatTokenTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _FiatToken.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_FiatToken *FiatTokenTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _FiatToken.Contract.contract.Transact(opts, method, params...)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_FiatToken *FiatTokenCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_FiatToken *FiatTokenSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _FiatToken.Contract.DEFAULTADMINROLE(&_FiatToken.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_FiatToken *FiatTokenCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _FiatToken.Contract.DEFAULTADMINROLE(&_FiatToken.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_FiatToken *FiatTokenCaller) DOMAINSEPARATOR(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "DOMAIN_SEPARATOR")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_FiatToken *FiatTokenSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _FiatToken.Contract.DOMAINSEPARATOR(&_FiatToken.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_FiatToken *FiatTokenCallerSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _FiatToken.Contract.DOMAINSEPARATOR(&_FiatToken.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_FiatToken *FiatTokenCaller) MINTERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "MINTER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_FiatToken *FiatTokenSession) MINTERROLE() ([32]byte, error) {
	return _FiatToken.Contract.MINTERROLE(&_FiatToken.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_FiatToken *FiatTokenCallerSession) MINTERROLE() ([32]byte, error) {
	return _FiatToken.Contract.MINTERROLE(&_FiatToken.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_FiatToken *FiatTokenCaller) PERMITTYPEHASH(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "PERMIT_TYPEHASH")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_FiatToken *FiatTokenSession) PERMITTYPEHASH() ([32]byte, error) {
	return _FiatToken.Contract.PERMITTYPEHASH(&_FiatToken.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_FiatToken *FiatTokenCallerSession) PERMITTYPEHASH() ([32]byte, error) {
	return _FiatToken.Contract.PERMITTYPEHASH(&_FiatToken.CallOpts)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_FiatToken *FiatTokenCaller) Allowance(opts *bind.CallOpts, owner common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "allowance", owner, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_FiatToken *FiatTokenSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _FiatToken.Contract.Allowance(&_FiatToken.CallOpts, owner, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_FiatToken *FiatTokenCallerSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _FiatToken.Contract.Allowance(&_FiatToken.CallOpts, owner, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_FiatToken *FiatTokenCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_FiatToken *FiatTokenSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _FiatToken.Contract.BalanceOf(&_FiatToken.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_FiatToken *FiatTokenCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _FiatToken.Contract.BalanceOf(&_FiatToken.CallOpts, account)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_FiatToken *FiatTokenCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_FiatToken *FiatTokenSession) Decimals() (uint8, error) {
	return _FiatToken.Contract.Decimals(&_FiatToken.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_FiatToken *FiatTokenCallerSession) Decimals() (uint8, error) {
	return _FiatToken.Contract.Decimals(&_FiatToken.CallOpts)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_FiatToken *FiatTokenCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_FiatToken *FiatTokenSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _FiatToken.Contract.HasRole(&_FiatToken.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_FiatToken *FiatTokenCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _FiatToken.Contract.HasRole(&_FiatToken.CallOpts, role, account)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_FiatToken *FiatTokenCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_FiatToken *FiatTokenSession) Name() (string, error) {
	return _FiatToken.Contract.Name(&_FiatToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_FiatToken *FiatTokenCallerSession) Name() (string, error) {
	return _FiatToken.Contract.Name(&_FiatToken.CallOpts)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_FiatToken *FiatTokenCaller) Nonces(opts *bind.CallOpts, owner common.Address) (*big.Int, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "nonces", owner)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_FiatToken *FiatTokenSession) Nonces(owner common.Address) (*big.Int, error) {
	return _FiatToken.Contract.Nonces(&_FiatToken.CallOpts, owner)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_FiatToken *FiatTokenCallerSession) Nonces(owner common.Address) (*big.Int, error) {
	return _FiatToken.Contract.Nonces(&_FiatToken.CallOpts, owner)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_FiatToken *FiatTokenCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_FiatToken *FiatTokenSession) Symbol() (string, error) {
	return _FiatToken.Contract.Symbol(&_FiatToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_FiatToken *FiatTokenCallerSession) Symbol() (string, error) {
	return _FiatToken.Contract.Symbol(&_FiatToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_FiatToken *FiatTokenCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_FiatToken *FiatTokenSession) TotalSupply() (*big.Int, error) {
	return _FiatToken.Contract.TotalSupply(&_FiatToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_FiatToken *FiatTokenCallerSession) TotalSupply() (*big.Int, error) {
	return _FiatToken.Contract.TotalSupply(&_FiatToken.CallOpts)
}

// Version is a free data retrieval call binding the contract method 0x54fd4d50.
//
// Solidity: function version() view returns(string)
func (_FiatToken *FiatTokenCaller) Version(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _FiatToken.contract.Call(opts, &out, "version")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Version is a free data retrieval call binding the contract method 0x54fd4d50.
//
// Solidity: function version() view returns(string)
func (_FiatToken *FiatTokenSession) Version() (string, error) {
	return _FiatToken.Contract.Version(&_FiatToken.CallOpts)
}

// Version is a free data retrieval call binding the contract method 0x54fd4d50.
//
// Solidity: function version() view returns(string)
func (_FiatToken *FiatTokenCallerSession) Version() (string, error) {
	return _FiatToken.Contract.Version(&_FiatToken.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.Approve(&_FiatToken.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.Approve(&_FiatToken.TransactOpts, spender, amount)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_FiatToken *FiatTokenTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_FiatToken *FiatTokenSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _FiatToken.Contract.GrantRole(&_FiatToken.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_FiatToken *FiatTokenTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _FiatToken.Contract.GrantRole(&_FiatToken.TransactOpts, role, account)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_FiatToken *FiatTokenTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_FiatToken *FiatTokenSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.Mint(&_FiatToken.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_FiatToken *FiatTokenTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.Mint(&_FiatToken.TransactOpts, to, amount)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_FiatToken *FiatTokenTransactor) Permit(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "permit", owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_FiatToken *FiatTokenSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _FiatToken.Contract.Permit(&_FiatToken.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_FiatToken *FiatTokenTransactorSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _FiatToken.Contract.Permit(&_FiatToken.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_FiatToken *FiatTokenTransactor) Permit0(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "permit0", owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_FiatToken *FiatTokenSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _FiatToken.Contract.Permit0(&_FiatToken.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_FiatToken *FiatTokenTransactorSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _FiatToken.Contract.Permit0(&_FiatToken.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_FiatToken *FiatTokenTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_FiatToken *FiatTokenSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _FiatToken.Contract.RevokeRole(&_FiatToken.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_FiatToken *FiatTokenTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _FiatToken.Contract.RevokeRole(&_FiatToken.TransactOpts, role, account)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.Transfer(&_FiatToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.Transfer(&_FiatToken.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.TransferFrom(&_FiatToken.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_FiatToken *FiatTokenTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _FiatToken.Contract.TransferFrom(&_FiatToken.TransactOpts, from, to, amount)
}

// FiatTokenApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the FiatToken contract.
type FiatTokenApprovalIterator struct {
	Event *FiatTokenApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *FiatTokenApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(FiatTokenApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(FiatTokenApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *FiatTokenApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *FiatTokenApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// FiatTokenApproval represents a Approval event raised by the FiatToken contract.
type FiatTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_FiatToken *FiatTokenFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*FiatTokenApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _FiatToken.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &FiatTokenApprovalIterator{contract: _FiatToken.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_FiatToken *FiatTokenFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *FiatTokenApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _FiatToken.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(FiatTokenApproval)
				if err := _FiatToken.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_FiatToken *FiatTokenFilterer) ParseApproval(log types.Log) (*FiatTokenApproval, error) {
	event := new(FiatTokenApproval)
	if err := _FiatToken.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// FiatTokenRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the FiatToken contract.
type FiatTokenRoleGrantedIterator struct {
	Event *FiatTokenRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *FiatTokenRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(FiatTokenRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(FiatTokenRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *FiatTokenRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *FiatTokenRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// FiatTokenRoleGranted represents a RoleGranted event raised by the FiatToken contract.
type FiatTokenRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_FiatToken *FiatTokenFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*FiatTokenRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _FiatToken.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &FiatTokenRoleGrantedIterator{contract: _FiatToken.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_FiatToken *FiatTokenFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *FiatTokenRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _FiatToken.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(FiatTokenRoleGranted)
				if err := _FiatToken.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_FiatToken *FiatTokenFilterer) ParseRoleGranted(log types.Log) (*FiatTokenRoleGranted, error) {
	event := new(FiatTokenRoleGranted)
	if err := _FiatToken.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// FiatTokenRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the FiatToken contract.
type FiatTokenRoleRevokedIterator struct {
	Event *FiatTokenRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *FiatTokenRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(FiatTokenRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(FiatTokenRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *FiatTokenRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *FiatTokenRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// FiatTokenRoleRevoked represents a RoleRevoked event raised by the FiatToken contract.
type FiatTokenRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_FiatToken *FiatTokenFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*FiatTokenRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _FiatToken.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &FiatTokenRoleRevokedIterator{contract: _FiatToken.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_FiatToken *FiatTokenFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *FiatTokenRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _FiatToken.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(FiatTokenRoleRevoked)
				if err := _FiatToken.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_FiatToken *FiatTokenFilterer) ParseRoleRevoked(log types.Log) (*FiatTokenRoleRevoked, error) {
	event := new(FiatTokenRoleRevoked)
	if err := _FiatToken.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// FiatTokenTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the FiatToken contract.
type FiatTokenTransferIterator struct {
	Event *FiatTokenTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *FiatTokenTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(FiatTokenTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(FiatTokenTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *FiatTokenTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *FiatTokenTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// FiatTokenTransfer represents a Transfer event raised by the FiatToken contract.
type FiatTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_FiatToken *FiatTokenFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*FiatTokenTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _FiatToken.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &FiatTokenTransferIterator{contract: _FiatToken.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_FiatToken *FiatTokenFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *FiatTokenTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _FiatToken.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(FiatTokenTransfer)
				if err := _FiatToken.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_FiatToken *FiatTokenFilterer) ParseTransfer(log types.Log) (*FiatTokenTransfer, error) {
	event := new(FiatTokenTransfer)
	if err := _FiatToken.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MExtensionMetaData contains all meta data concerning the MExtension contract.
var MExtensionMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"address\",\"name\":\"mToken_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapFacility_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAmount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"InvalidRecipient\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureV\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotSwapFacility\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"SignatureExpired\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SignerMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroMToken\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroSwapFacility\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MINTER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PERMIT_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"currentIndex\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"\",\"type\":\"uint128\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"isEarningEnabled\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"mToken\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"swapFacility\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"unwrap\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"wrap\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60e06040523461062857611cbf803803806100198161062c565b928339810160a0828203126106285781516001600160401b0381116106285781610044918401610651565b602083015190916001600160401b03821161062857610064918401610651565b91610071604082016106a2565b9161008a6080610083606085016106a2565b93016106a2565b906040946100978661062c565b60018152603160f81b60208201526006608052825190926001600160401b038211610446575f5490600182811c9216801561061e575b60208310146104285781601f8493116105b1575b50602090601f831160011461054e575f92610543575b50508160011b915f199060031b1c1916175f555b8051906001600160401b0382116104465760015490600182811c92168015610539575b60208310146104285781601f8493116104cb575b50602090601f8311600114610465575f9261045a575b50508160011b915f199060031b1c1916176001555b8051906001600160401b0382116104465760065490600182811c9216801561043c575b60208310146104285781601f8493116103ba575b50602090601f8311600114610354575f92610349575b50508160011b915f199060031b1c1916176006555b6001600160a01b031691821561033a575f80526007602052835f20835f5260205260ff845f20541615610302575b6001600160a01b038116156102f3576001600160a01b038216156102e45760a05260c0525f516020611c9f5f395f51905f525f526007602052815f20815f5260205260ff825f20541615610291575b50516115c890816106b7823960805181610666015260a05181818161076c01528181610c150152610c66015260c0518181816106cc01528181610b480152610b950152f35b5f516020611c9f5f395f51905f525f526007602052815f20815f52602052815f20600160ff1982541617905533905f516020611c9f5f395f51905f525f516020611c7f5f395f51905f525f80a45f61024c565b636880ffc960e11b5f5260045ffd5b63b01d5e2b60e01b5f5260045ffd5b5f80526007602052835f20835f52602052835f20600160ff1982541617905533835f5f516020611c7f5f395f51905f528180a46101fd565b633944ed8760e11b5f5260045ffd5b015190505f806101ba565b60065f9081528281209350601f198516905b8181106103a2575090846001959493921061038a575b505050811b016006556101cf565b01515f1960f88460031b161c191690555f808061037c565b92936020600181928786015181550195019301610366565b60065f529091507ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f601f840160051c8101916020851061041e575b90601f859493920160051c01905b81811061041057506101a4565b5f8155849350600101610403565b90915081906103f5565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610190565b634e487b7160e01b5f52604160045260245ffd5b015190505f80610158565b60015f9081528281209350601f198516905b8181106104b3575090846001959493921061049b575b505050811b0160015561016d565b01515f1960f88460031b161c191690555f808061048d565b92936020600181928786015181550195019301610477565b60015f529091507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6601f840160051c8101916020851061052f575b90601f859493920160051c01905b8181106105215750610142565b5f8155849350600101610514565b9091508190610506565b91607f169161012e565b015190505f806100f7565b5f8080528281209350601f198516905b8181106105995750908460019594939210610581575b505050811b015f5561010b565b01515f1960f88460031b161c191690555f8080610574565b9293602060018192878601518155019501930161055e565b5f80529091507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f840160051c81019160208510610614575b90601f859493920160051c01905b81811061060657506100e1565b5f81558493506001016105f9565b90915081906105eb565b91607f16916100cd565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761044657604052565b81601f82011215610628578051906001600160401b03821161044657610680601f8301601f191660200161062c565b928284526020838301011161062857815f9260208093018386015e8301015290565b51906001600160a01b03821682036106285756fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde03146101bf578063095ea7b3146101ba57806318160ddd146101b557806323b872dd146101b057806326987b60146101ab5780632f2ff15d146101a657806330adf81f146101a1578063313ce5671461019c5780633644e5151461019757806339f476931461019257806340c10f191461018d57806370a08231146101885780637ecebe001461018357806384b0196e1461017e57806391d148541461017957806395d89b41146101745780639fd5a6cf1461016f578063a217fddf14610156578063a9059cbb1461016a578063ae06b7e414610165578063bf376c7a14610160578063c3b6f9391461015b578063c9144ddb14610156578063d505accf14610151578063d53913931461014c578063d547741f146101475763dd62ed3e14610142575f80fd5b610ddf565b610d34565b610cfa565b610c95565b610af3565b610c51565b610b77565b610b33565b610b0d565b610a80565b6109db565b61098c565b6108cf565b610897565b61085f565b6107cc565b6106ad565b61068a565b61064d565b610613565b610564565b610545565b61050d565b6104f0565b6104bf565b6103b8565b90600182811c921680156101f2575b60208310146101de57565b634e487b7160e01b5f52602260045260245ffd5b91607f16916101d3565b634e487b7160e01b5f52604160045260245ffd5b90601f8019910116810190811067ffffffffffffffff82111761023257604052565b6101fc565b604051905f825f5491610249836101c4565b80835292600181169081156102cc575060011461026f575b61026d92500383610210565b565b505f80805290917f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b8183106102b057505090602061026d92820101610261565b6020919350806001915483858901015201910190918492610298565b6020925061026d94915060ff191682840152151560051b820101610261565b604051905f82600654916102fe836101c4565b80835292600181169081156102cc57506001146103215761026d92500383610210565b5060065f90815290917ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f5b81831061036457505090602061026d92820101610261565b602091935080600191548385890101520191019091849261034c565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b9060206103b5928181520190610380565b90565b3461048f575f36600319011261048f576040515f5f546103d7816101c4565b808452906001811690811561046b575060011461040f575b61040b836103ff81850382610210565b604051918291826103a4565b0390f35b5f8080527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563939250905b808210610451575090915081016020016103ff6103ef565b919260018160209254838588010152019101909291610439565b60ff191660208086019190915291151560051b840190910191506103ff90506103ef565b5f80fd5b600435906001600160a01b038216820361048f57565b602435906001600160a01b038216820361048f57565b3461048f57604036600319011261048f576104e56104db610493565b6024359033610eac565b602060405160018152f35b3461048f575f36600319011261048f576020600254604051908152f35b3461048f57606036600319011261048f576104e5610529610493565b6105316104a9565b60443591610540833383610f0d565b610fc1565b3461048f575f36600319011261048f57602060405164e8d4a510008152f35b3461048f57604036600319011261048f576004356105806104a9565b906105896110a7565b5f8181526007602090815260408083206001600160a01b038616845290915290205460ff16156105b557005b5f8181526007602090815260408083206001600160a01b03861684529091529020805460ff1916600117905533916001600160a01b0316907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d5f80a4005b3461048f575f36600319011261048f5760206040517f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98152f35b3461048f575f36600319011261048f57602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b3461048f575f36600319011261048f5760206106a5306110f6565b604051908152f35b3461048f57604036600319011261048f576106c6610493565b506024357f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036107bd5780156107ab57335f52600360205260405f205481811061079257335f908152600360205260409020610790929182900390556107398160025403600255565b6040518181525f9033907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef90602090a3337f000000000000000000000000000000000000000000000000000000000000000061121d565b005b63db42144d60e01b5f523360045260245260445260645ffd5b6377b8dde360e01b5f5260045260245ffd5b630aff86d760e21b5f5260045ffd5b3461048f57604036600319011261048f576107e5610493565b335f9081527fa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f460205260409020546024359060ff1615610828576107909161125d565b63e2517d3f60e01b5f52336004527f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a660245260445ffd5b3461048f57602036600319011261048f576001600160a01b03610880610493565b165f526003602052602060405f2054604051908152f35b3461048f57602036600319011261048f576001600160a01b036108b8610493565b165f526005602052602060405f2054604051908152f35b3461048f575f36600319011261048f576109336020604051906108f28183610210565b5f825280820190601f198101368337610909610237565b92816109416109166102eb565b604051978897600f60f81b895260e0858a015260e0890190610380565b908782036040890152610380565b914660608701523060808701525f60a087015285830360c087015251918281520192915f5b82811061097557505050500390f35b835185528695509381019392810192600101610966565b3461048f57604036600319011261048f57602060ff6109cf6004356109af6104a9565b905f526007845260405f209060018060a01b03165f5260205260405f2090565b54166040519015158152f35b3461048f575f36600319011261048f576040515f6001546109fb816101c4565b808452906001811690811561046b5750600114610a225761040b836103ff81850382610210565b60015f9081527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6939250905b808210610a66575090915081016020016103ff6103ef565b919260018160209254838588010152019101909291610a4e565b3461048f5760a036600319011261048f57610a99610493565b610aa16104a9565b6084359160643560443567ffffffffffffffff851161048f573660238601121561048f5784600401359367ffffffffffffffff851161048f57366024868801011161048f576024610790960193610e36565b3461048f575f36600319011261048f5760206040515f8152f35b3461048f57604036600319011261048f576104e5610b29610493565b6024359033610fc1565b3461048f575f36600319011261048f576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461048f57604036600319011261048f57610b90610493565b6024357f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036107bd5780156107ab576001600160a01b038216918215610c3e576107909250610c396040516323b872dd60e01b602082015233602482015230604482015283606482015260648152610c13608482610210565b7f00000000000000000000000000000000000000000000000000000000000000006114f1565b61125d565b82630bc2c5df60e11b5f5260045260245ffd5b3461048f575f36600319011261048f576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461048f5760e036600319011261048f57610cae610493565b610cb66104a9565b60443590606435926084359360ff8516850361048f57610cef610cf5916107909660a43590610cea60c435938989896112ea565b6113e9565b826114b6565b610eac565b3461048f575f36600319011261048f5760206040517f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a68152f35b3461048f57604036600319011261048f57600435610d506104a9565b90610d596110a7565b5f8181526007602090815260408083206001600160a01b038616845290915290205460ff16610d8457005b5f8181526007602090815260408083206001600160a01b03861684529091529020805460ff1916905533916001600160a01b0316907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b5f80a4005b3461048f57604036600319011261048f576020610e2d610dfd610493565b610e056104a9565b6001600160a01b039182165f9081526004855260408082209290931681526020919091522090565b54604051908152f35b9193909260418603610e9d57610e4e908585856112ea565b908560201161048f578035958060401161048f5760208201359060401015610e895761026d96610cf593610cef936040013560f81c906113e9565b634e487b7160e01b5f52603260045260245ffd5b634be6321b60e01b5f5260045ffd5b6001600160a01b039081165f818152600460209081526040808320948616835293815292902090927f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92592918590556040519485526001600160a01b031693a3565b6001600160a01b039081165f81815260046020908152604080832094861683529390529190912090939290545f198114610f9457818110610f7357610f709293945f526004602052039160405f209060018060a01b03165f5260205260405f2090565b55565b82630c95cf2760e11b5f5260018060a01b031660045260245260445260645ffd5b5050509050565b634e487b7160e01b5f52601160045260245ffd5b91908201809211610fbc57565b610f9b565b6001600160a01b0382169290918315611094576001600160a01b0383165f818152600360205260409020549093908381106110795761107492849261103d7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef9661105794039160018060a01b03165f52600360205260405f2090565b556001600160a01b03165f90815260036020526040902090565b611062828254610faf565b90556040519081529081906020820190565b0390a3565b83908563db42144d60e01b5f5260045260245260445260645ffd5b83630bc2c5df60e11b5f5260045260245ffd5b335f9081527f6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6df602052604090205460ff16156110df57565b63e2517d3f60e01b5f52336004525f60245260445ffd5b6040515f905f549181611108846101c4565b9182825260208201946001811690815f1461120157506001146111a4575b61113292500382610210565b5190209061113e6102eb565b60208151910120906040519160208301937f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f85526040840152606083015246608083015260018060a01b031660a082015260a0815261119e60c082610210565b51902090565b505f80805290917f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b8183106111e557505090602061113292820101611126565b60209193508060019154838588010152019101909183926111cd565b60ff191686525061113292151560051b82016020019050611126565b60405163a9059cbb60e01b60208201526001600160a01b03909216602483015260448083019390935291815261026d91611258606483610210565b6114f1565b6001600160a01b03169081156112c957600254818101809111610fbc57600255815f52600360205260405f20805491808301809311610fbc579190556040519081525f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef90602090a3565b50630bc2c5df60e11b5f5260045260245ffd5b5f198114610fbc5760010190565b928042116113c8579061138061138e9260018060a01b0386165f52600560205260405f2080549061131a826112dc565b9055604051958694602086019889919260a093969594919660c08401977f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98552600180871b03166020850152600180861b03166040840152606083015260808201520152565b03601f198101835282610210565b51902061138061119e6113a0306110f6565b92604051928391602083019586909160429261190160f01b8352600283015260228201520190565b630f88f04960e41b5f526004524260245260445ffd5b6040513d5f823e3d90fd5b92919260ff8216601b81141590816114aa575b5061149b577f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0831161148c576114565f93602095604051948594859094939260ff6060936080840197845216602083015260408201520152565b838052039060015afa15611487575f51906001600160a01b0382161561147857565b638baa579f60e01b5f5260045ffd5b6113de565b6317e97eb760e31b5f5260045ffd5b63ff551e8960e01b5f5260045ffd5b601c915014155f6113fc565b6001600160a01b039081169116036114ca57565b6310c74b0360e01b5f5260045ffd5b9081602091031261048f5751801515810361048f5790565b90813b156115a7575f816020829351910182855af13d1561159f573d9067ffffffffffffffff82116102325760405191611535601f8201601f191660200184610210565b82523d5f602084013e5b15611597578051908115159182611575575b505061155a5750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b61159092509060208061158c9383010191016114d9565b1590565b5f80611551565b602081519101fd5b60609061153f565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fd2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6",
}

// MExtensionABI is the input ABI used to generate the binding from.
// Deprecated: Use MExtensionMetaData.ABI instead.
var MExtensionABI = MExtensionMetaData.ABI

// MExtensionBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use MExtensionMetaData.Bin instead.
var MExtensionBin = MExtensionMetaData.Bin

// DeployMExtension deploys a new Ethereum contract, binding an instance of MExtension to it.
func DeployMExtension(auth *bind.TransactOpts, backend bind.ContractBackend, name_ string, symbol_ string, mToken_ common.Address, swapFacility_ common.Address, admin common.Address) (common.Address, *types.Transaction, *MExtension, error) {
	parsed, err := MExtensionMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(MExtensionBin), backend, name_, symbol_, mToken_, swapFacility_, admin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &MExtension{MExtensionCaller: MExtensionCaller{contract: contract}, MExtensionTransactor: MExtensionTransactor{contract: contract}, MExtensionFilterer: MExtensionFilterer{contract: contract}}, nil
}

// MExtension is an auto generated Go binding around an Ethereum contract.
type MExtension struct {
	MExtensionCaller     // Read-only binding to the contract
	MExtensionTransactor // Write-only binding to the contract
	MExtensionFilterer   // Log filterer for contract events
}

// MExtensionCaller is an auto generated read-only Go binding around an Ethereum contract.
type MExtensionCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MExtensionTransactor is an auto generated write-only Go binding around an Ethereum contract.
type MExtensionTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MExtensionFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type MExtensionFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MExtensionSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type MExtensionSession struct {
	Contract     *MExtension       // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// MExtensionCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type MExtensionCallerSession struct {
	Contract *MExtensionCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts     // Call options to use throughout this session
}

// MExtensionTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type MExtensionTransactorSession struct {
	Contract     *MExtensionTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts     // Transaction auth options to use throughout this session
}

// MExtensionRaw is an auto generated low-level Go binding around an Ethereum contract.
type MExtensionRaw struct {
	Contract *MExtension // Generic contract binding to access the raw methods on
}

// MExtensionCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type MExtensionCallerRaw struct {
	Contract *MExtensionCaller // Generic read-only contract binding to access the raw methods on
}

// MExtensionTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type MExtensionTransactorRaw struct {
	Contract *MExtensionTransactor // Generic write-only contract binding to access the raw methods on
}

// NewMExtension creates a new instance of MExtension, bound to a specific deployed contract.
func NewMExtension(address common.Address, backend bind.ContractBackend) (*MExtension, error) {
	contract, err := bindMExtension(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &MExtension{MExtensionCaller: MExtensionCaller{contract: contract}, MExtensionTransactor: MExtensionTransactor{contract: contract}, MExtensionFilterer: MExtensionFilterer{contract: contract}}, nil
}

// NewMExtensionCaller creates a new read-only instance of MExtension, bound to a specific deployed contract.
func NewMExtensionCaller(address common.Address, caller bind.ContractCaller) (*MExtensionCaller, error) {
	contract, err := bindMExtension(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &MExtensionCaller{contract: contract}, nil
}

// NewMExtensionTransactor creates a new write-only instance of MExtension, bound to a specific deployed contract.
func NewMExtensionTransactor(address common.Address, transactor bind.ContractTransactor) (*MExtensionTransactor, error) {
	contract, err := bindMExtension(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &MExtensionTransactor{contract: contract}, nil
}

// NewMExtensionFilterer creates a new log filterer instance of MExtension, bound to a specific deployed contract.
func NewMExtensionFilterer(address common.Address, filterer bind.ContractFilterer) (*MExtensionFilterer, error) {
	contract, err := bindMExtension(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &MExtensionFilterer{contract: contract}, nil
}

// bindMExtension binds a generic wrapper to an already deployed contract.
func bindMExtension(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := MExtensionMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_MExtension *MExtensionRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _MExtension.Contract.MExtensionCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_MExtension *MExtensionRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _MExtension.Contract.MExtensionTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_MExtension *MExtensionRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _MExtension.Contract.MExtensionTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_MExtension *MExtensionCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _MExtension.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_MExtension *MExtensionTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _MExtension.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_MExtension *MExtensionTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _MExtension.Contract.contract.Transact(opts, method, params...)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_MExtension *MExtensionCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_MExtension *MExtensionSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _MExtension.Contract.DEFAULTADMINROLE(&_MExtension.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_MExtension *MExtensionCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _MExtension.Contract.DEFAULTADMINROLE(&_MExtension.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_MExtension *MExtensionCaller) DOMAINSEPARATOR(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "DOMAIN_SEPARATOR")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_MExtension *MExtensionSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _MExtension.Contract.DOMAINSEPARATOR(&_MExtension.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_MExtension *MExtensionCallerSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _MExtension.Contract.DOMAINSEPARATOR(&_MExtension.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_MExtension *MExtensionCaller) MINTERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "MINTER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_MExtension *MExtensionSession) MINTERROLE() ([32]byte, error) {
	return _MExtension.Contract.MINTERROLE(&_MExtension.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_MExtension *MExtensionCallerSession) MINTERROLE() ([32]byte, error) {
	return _MExtension.Contract.MINTERROLE(&_MExtension.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_MExtension *MExtensionCaller) PERMITTYPEHASH(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "PERMIT_TYPEHASH")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_MExtension *MExtensionSession) PERMITTYPEHASH() ([32]byte, error) {
	return _MExtension.Contract.PERMITTYPEHASH(&_MExtension.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_MExtension *MExtensionCallerSession) PERMITTYPEHASH() ([32]byte, error) {
	return _MExtension.Contract.PERMITTYPEHASH(&_MExtension.CallOpts)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_MExtension *MExtensionCaller) Allowance(opts *bind.CallOpts, owner common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "allowance", owner, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_MExtension *MExtensionSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _MExtension.Contract.Allowance(&_MExtension.CallOpts, owner, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_MExtension *MExtensionCallerSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _MExtension.Contract.Allowance(&_MExtension.CallOpts, owner, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_MExtension *MExtensionCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_MExtension *MExtensionSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _MExtension.Contract.BalanceOf(&_MExtension.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_MExtension *MExtensionCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _MExtension.Contract.BalanceOf(&_MExtension.CallOpts, account)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_MExtension *MExtensionCaller) CurrentIndex(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "currentIndex")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_MExtension *MExtensionSession) CurrentIndex() (*big.Int, error) {
	return _MExtension.Contract.CurrentIndex(&_MExtension.CallOpts)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_MExtension *MExtensionCallerSession) CurrentIndex() (*big.Int, error) {
	return _MExtension.Contract.CurrentIndex(&_MExtension.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_MExtension *MExtensionCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_MExtension *MExtensionSession) Decimals() (uint8, error) {
	return _MExtension.Contract.Decimals(&_MExtension.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_MExtension *MExtensionCallerSession) Decimals() (uint8, error) {
	return _MExtension.Contract.Decimals(&_MExtension.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_MExtension *MExtensionCaller) Eip712Domain(opts *bind.CallOpts) (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "eip712Domain")

	outstruct := new(struct {
		Fields            [1]byte
		Name              string
		Version           string
		ChainId           *big.Int
		VerifyingContract common.Address
		Salt              [32]byte
		Extensions        []*big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Fields = *abi.ConvertType(out[0], new([1]byte)).(*[1]byte)
	outstruct.Name = *abi.ConvertType(out[1], new(string)).(*string)
	outstruct.Version = *abi.ConvertType(out[2], new(string)).(*string)
	outstruct.ChainId = *abi.ConvertType(out[3], new(*big.Int)).(**big.Int)
	outstruct.VerifyingContract = *abi.ConvertType(out[4], new(common.Address)).(*common.Address)
	outstruct.Salt = *abi.ConvertType(out[5], new([32]byte)).(*[32]byte)
	outstruct.Extensions = *abi.ConvertType(out[6], new([]*big.Int)).(*[]*big.Int)

	return *outstruct, err

}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_MExtension *MExtensionSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _MExtension.Contract.Eip712Domain(&_MExtension.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_MExtension *MExtensionCallerSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _MExtension.Contract.Eip712Domain(&_MExtension.CallOpts)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_MExtension *MExtensionCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_MExtension *MExtensionSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _MExtension.Contract.HasRole(&_MExtension.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_MExtension *MExtensionCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _MExtension.Contract.HasRole(&_MExtension.CallOpts, role, account)
}

// IsEarningEnabled is a free data retrieval call binding the contract method 0xc9144ddb.
//
// Solidity: function isEarningEnabled() pure returns(bool)
func (_MExtension *MExtensionCaller) IsEarningEnabled(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "isEarningEnabled")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsEarningEnabled is a free data retrieval call binding the contract method 0xc9144ddb.
//
// Solidity: function isEarningEnabled() pure returns(bool)
func (_MExtension *MExtensionSession) IsEarningEnabled() (bool, error) {
	return _MExtension.Contract.IsEarningEnabled(&_MExtension.CallOpts)
}

// IsEarningEnabled is a free data retrieval call binding the contract method 0xc9144ddb.
//
// Solidity: function isEarningEnabled() pure returns(bool)
func (_MExtension *MExtensionCallerSession) IsEarningEnabled() (bool, error) {
	return _MExtension.Contract.IsEarningEnabled(&_MExtension.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_MExtension *MExtensionCaller) MToken(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "mToken")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_MExtension *MExtensionSession) MToken() (common.Address, error) {
	return _MExtension.Contract.MToken(&_MExtension.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_MExtension *MExtensionCallerSession) MToken() (common.Address, error) {
	return _MExtension.Contract.MToken(&_MExtension.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_MExtension *MExtensionCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_MExtension *MExtensionSession) Name() (string, error) {
	return _MExtension.Contract.Name(&_MExtension.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_MExtension *MExtensionCallerSession) Name() (string, error) {
	return _MExtension.Contract.Name(&_MExtension.CallOpts)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_MExtension *MExtensionCaller) Nonces(opts *bind.CallOpts, owner common.Address) (*big.Int, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "nonces", owner)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_MExtension *MExtensionSession) Nonces(owner common.Address) (*big.Int, error) {
	return _MExtension.Contract.Nonces(&_MExtension.CallOpts, owner)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_MExtension *MExtensionCallerSession) Nonces(owner common.Address) (*big.Int, error) {
	return _MExtension.Contract.Nonces(&_MExtension.CallOpts, owner)
}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_MExtension *MExtensionCaller) SwapFacility(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "swapFacility")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_MExtension *MExtensionSession) SwapFacility() (common.Address, error) {
	return _MExtension.Contract.SwapFacility(&_MExtension.CallOpts)
}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_MExtension *MExtensionCallerSession) SwapFacility() (common.Address, error) {
	return _MExtension.Contract.SwapFacility(&_MExtension.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_MExtension *MExtensionCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_MExtension *MExtensionSession) Symbol() (string, error) {
	return _MExtension.Contract.Symbol(&_MExtension.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_MExtension *MExtensionCallerSession) Symbol() (string, error) {
	return _MExtension.Contract.Symbol(&_MExtension.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_MExtension *MExtensionCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MExtension.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_MExtension *MExtensionSession) TotalSupply() (*big.Int, error) {
	return _MExtension.Contract.TotalSupply(&_MExtension.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_MExtension *MExtensionCallerSession) TotalSupply() (*big.Int, error) {
	return _MExtension.Contract.TotalSupply(&_MExtension.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_MExtension *MExtensionTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_MExtension *MExtensionSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Approve(&_MExtension.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_MExtension *MExtensionTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Approve(&_MExtension.TransactOpts, spender, amount)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_MExtension *MExtensionTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_MExtension *MExtensionSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MExtension.Contract.GrantRole(&_MExtension.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_MExtension *MExtensionTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MExtension.Contract.GrantRole(&_MExtension.TransactOpts, role, account)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_MExtension *MExtensionTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_MExtension *MExtensionSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Mint(&_MExtension.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_MExtension *MExtensionTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Mint(&_MExtension.TransactOpts, to, amount)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_MExtension *MExtensionTransactor) Permit(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "permit", owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_MExtension *MExtensionSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _MExtension.Contract.Permit(&_MExtension.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_MExtension *MExtensionTransactorSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _MExtension.Contract.Permit(&_MExtension.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_MExtension *MExtensionTransactor) Permit0(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "permit0", owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_MExtension *MExtensionSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _MExtension.Contract.Permit0(&_MExtension.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_MExtension *MExtensionTransactorSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _MExtension.Contract.Permit0(&_MExtension.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_MExtension *MExtensionTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_MExtension *MExtensionSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MExtension.Contract.RevokeRole(&_MExtension.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_MExtension *MExtensionTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MExtension.Contract.RevokeRole(&_MExtension.TransactOpts, role, account)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_MExtension *MExtensionTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_MExtension *MExtensionSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Transfer(&_MExtension.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_MExtension *MExtensionTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Transfer(&_MExtension.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_MExtension *MExtensionTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_MExtension *MExtensionSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.TransferFrom(&_MExtension.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_MExtension *MExtensionTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.TransferFrom(&_MExtension.TransactOpts, from, to, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0x39f47693.
//
// Solidity: function unwrap(address recipient, uint256 amount) returns()
func (_MExtension *MExtensionTransactor) Unwrap(opts *bind.TransactOpts, recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "unwrap", recipient, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0x39f47693.
//
// Solidity: function unwrap(address recipient, uint256 amount) returns()
func (_MExtension *MExtensionSession) Unwrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Unwrap(&_MExtension.TransactOpts, recipient, amount)
}

// Unwrap is a paid mutator transaction binding the contract method 0x39f47693.
//
// Solidity: function unwrap(address recipient, uint256 amount) returns()
func (_MExtension *MExtensionTransactorSession) Unwrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Unwrap(&_MExtension.TransactOpts, recipient, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xbf376c7a.
//
// Solidity: function wrap(address recipient, uint256 amount) returns()
func (_MExtension *MExtensionTransactor) Wrap(opts *bind.TransactOpts, recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.contract.Transact(opts, "wrap", recipient, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xbf376c7a.
//
// Solidity: function wrap(address recipient, uint256 amount) returns()
func (_MExtension *MExtensionSession) Wrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Wrap(&_MExtension.TransactOpts, recipient, amount)
}

// Wrap is a paid mutator transaction binding the contract method 0xbf376c7a.
//
// Solidity: function wrap(address recipient, uint256 amount) returns()
func (_MExtension *MExtensionTransactorSession) Wrap(recipient common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MExtension.Contract.Wrap(&_MExtension.TransactOpts, recipient, amount)
}

// MExtensionApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the MExtension contract.
type MExtensionApprovalIterator struct {
	Event *MExtensionApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MExtensionApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MExtensionApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MExtensionApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MExtensionApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MExtensionApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MExtensionApproval represents a Approval event raised by the MExtension contract.
type MExtensionApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_MExtension *MExtensionFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*MExtensionApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _MExtension.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &MExtensionApprovalIterator{contract: _MExtension.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_MExtension *MExtensionFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *MExtensionApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _MExtension.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MExtensionApproval)
				if err := _MExtension.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_MExtension *MExtensionFilterer) ParseApproval(log types.Log) (*MExtensionApproval, error) {
	event := new(MExtensionApproval)
	if err := _MExtension.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MExtensionRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the MExtension contract.
type MExtensionRoleGrantedIterator struct {
	Event *MExtensionRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MExtensionRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MExtensionRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MExtensionRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MExtensionRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MExtensionRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MExtensionRoleGranted represents a RoleGranted event raised by the MExtension contract.
type MExtensionRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_MExtension *MExtensionFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*MExtensionRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MExtension.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &MExtensionRoleGrantedIterator{contract: _MExtension.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_MExtension *MExtensionFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *MExtensionRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MExtension.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MExtensionRoleGranted)
				if err := _MExtension.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_MExtension *MExtensionFilterer) ParseRoleGranted(log types.Log) (*MExtensionRoleGranted, error) {
	event := new(MExtensionRoleGranted)
	if err := _MExtension.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MExtensionRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the MExtension contract.
type MExtensionRoleRevokedIterator struct {
	Event *MExtensionRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MExtensionRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MExtensionRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MExtensionRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MExtensionRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MExtensionRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MExtensionRoleRevoked represents a RoleRevoked event raised by the MExtension contract.
type MExtensionRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_MExtension *MExtensionFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*MExtensionRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MExtension.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &MExtensionRoleRevokedIterator{contract: _MExtension.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_MExtension *MExtensionFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *MExtensionRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MExtension.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MExtensionRoleRevoked)
				if err := _MExtension.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_MExtension *MExtensionFilterer) ParseRoleRevoked(log types.Log) (*MExtensionRoleRevoked, error) {
	event := new(MExtensionRoleRevoked)
	if err := _MExtension.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MExtensionTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the MExtension contract.
type MExtensionTransferIterator struct {
	Event *MExtensionTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MExtensionTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MExtensionTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MExtensionTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MExtensionTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MExtensionTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MExtensionTransfer represents a Transfer event raised by the MExtension contract.
type MExtensionTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_MExtension *MExtensionFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*MExtensionTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _MExtension.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &MExtensionTransferIterator{contract: _MExtension.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_MExtension *MExtensionFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *MExtensionTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _MExtension.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MExtensionTransfer)
				if err := _MExtension.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_MExtension *MExtensionFilterer) ParseTransfer(log types.Log) (*MExtensionTransfer, error) {
	event := new(MExtensionTransfer)
	if err := _MExtension.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MTokenMetaData contains all meta data concerning the MToken contract.
var MTokenMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"InvalidRecipient\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureLength\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignatureV\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"SignatureExpired\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SignerMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MINTER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PERMIT_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"burn\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"currentIndex\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"\",\"type\":\"uint128\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"nonces\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"permit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60a06040523461057f576117aa6020813803918261001c81610583565b93849283398101031261057f57516001600160a01b0381169081900361057f576100466040610583565b90600882526704d206279204d5e360c41b60208301526100666040610583565b9060018252604d60f81b602083015261007f6040610583565b60018152603160f81b6020820152600660805283519091906001600160401b0381116103b8575f54600181811c91168015610575575b602082101461039a57601f8111610513575b50602094601f82116001146104b2579481929394955f926104a7575b50508160011b915f199060031b1c1916175f555b82516001600160401b0381116103b857600154600181811c9116801561049d575b602082101461039a57601f811161043a575b506020601f82116001146103d757819293945f926103cc575b50508160011b915f199060031b1c1916176001555b81516001600160401b0381116103b857600654600181811c911680156103ae575b602082101461039a57601f8111610337575b50602092601f82116001146102d657928192935f926102cb575b50508160011b915f199060031b1c1916176006555b80156102bc575f8181525f51602061176a5f395f51905f52602052604090205460ff161561027e575b5f8181525f51602061178a5f395f51905f52602052604090205460ff161561021e575b6040516111a190816105a98239608051816108a10152f35b5f8181525f51602061178a5f395f51905f5260205260408120805460ff191660011790553391907f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6905f51602061174a5f395f51905f529080a45f610206565b5f8181525f51602061176a5f395f51905f5260205260408120805460ff19166001179055339082905f51602061174a5f395f51905f528180a46101e3565b633944ed8760e11b5f5260045ffd5b015190505f806101a5565b601f1982169360065f52805f20915f5b86811061031f5750836001959610610307575b505050811b016006556101ba565b01515f1960f88460031b161c191690555f80806102f9565b919260206001819286850151815501940192016102e6565b60065f527ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f601f830160051c81019160208410610390575b601f0160051c01905b818110610385575061018b565b5f8155600101610378565b909150819061036f565b634e487b7160e01b5f52602260045260245ffd5b90607f1690610179565b634e487b7160e01b5f52604160045260245ffd5b015190505f80610143565b601f1982169060015f52805f20915f5b8181106104225750958360019596971061040a575b505050811b01600155610158565b01515f1960f88460031b161c191690555f80806103fc565b9192602060018192868b0151815501940192016103e7565b60015f527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6601f830160051c81019160208410610493575b601f0160051c01905b818110610488575061012a565b5f815560010161047b565b9091508190610472565b90607f1690610118565b015190505f806100e3565b601f198216955f8052805f20915f5b8881106104fb575083600195969798106104e3575b505050811b015f556100f7565b01515f1960f88460031b161c191690555f80806104d6565b919260206001819286850151815501940192016104c1565b5f80527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f830160051c8101916020841061056b575b601f0160051c01905b81811061056057506100c7565b5f8155600101610553565b909150819061054a565b90607f16906100b5565b5f80fd5b6040519190601f01601f191682016001600160401b038111838210176103b85760405256fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde0314610a41578063095ea7b314610a1b57806318160ddd146109fe57806323b872dd146109c657806326987b60146109a75780632f2ff15d146108ff57806330adf81f146108c5578063313ce567146108885780633644e5151461086557806340c10f19146107c857806342966c681461073757806370a08231146106ff5780637ecebe00146106c757806384b0196e146104fe57806391d14854146104b557806395d89b41146103d35780639fd5a6cf146102f8578063a217fddf146102de578063a9059cbb146102ad578063d505accf14610248578063d53913931461020e578063d547741f1461016a5763dd62ed3e14610116575f80fd5b346101665760403660031901126101665761012f610b75565b610137610b8b565b6001600160a01b039182165f908152600460209081526040808320949093168252928352819020549051908152f35b5f80fd5b3461016657604036600319011261016657600435610186610b8b565b9061018f610d55565b805f52600760205260405f2060018060a01b0383165f5260205260ff60405f2054166101b757005b5f8181526007602090815260408083206001600160a01b0395909516808452949091528120805460ff19169055339291907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9080a4005b34610166575f3660031901126101665760206040517f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a68152f35b346101665760e036600319011261016657610261610b75565b610269610b8b565b604435906084359260ff84168403610166576102a66102a06102ab9560c4359060a4359061029b606435898989610fe6565b6110c4565b8261117e565b610ba1565b005b34610166576040366003190112610166576102d36102c9610b75565b6024359033610ca1565b602060405160018152f35b34610166575f3660031901126101665760206040515f8152f35b346101665760a036600319011261016657610311610b75565b610319610b8b565b604435906084359267ffffffffffffffff841161016657366023850112156101665783600401359367ffffffffffffffff851161016657366024868301011161016657604185036103c457610372606435858585610fe6565b9085602011610166576024810135958060401161016657604482013590604010156103b0576102ab966102a69360646102a094013560f81c906110c4565b634e487b7160e01b5f52603260045260245ffd5b634be6321b60e01b5f5260045ffd5b34610166575f366003190112610166576040515f6001546103f381610ae3565b80845290600181169081156104915750600114610433575b61042f8361041b81850382610b1b565b604051918291602083526020830190610b51565b0390f35b60015f9081527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6939250905b8082106104775750909150810160200161041b61040b565b91926001816020925483858801015201910190929161045f565b60ff191660208086019190915291151560051b8401909101915061041b905061040b565b34610166576040366003190112610166576104ce610b8b565b6004355f52600760205260405f209060018060a01b03165f52602052602060ff60405f2054166040519015158152f35b34610166575f36600319011261016657602060405161051d8282610b1b565b5f81525f368137604051915f835f549161053683610ae3565b92838352846001821691825f146106aa57505060011461066f575b61055d92500384610b1b565b6040515f60065461056d81610ae3565b90818452846001821691825f14610650575050600114610618575b508161059f6105bc969594936105ca930382610b1b565b604051958695600f60f81b875260e08588015260e0870190610b51565b908582036040870152610b51565b4660608501523060808501525f60a085015283810360c08501528180845192838152019301915f5b82811061060157505050500390f35b8351855286955093810193928101926001016105f2565b83915060065f52815f20905f915b81831061063a57505082010161059f610588565b8054838601850152859390920191600101610626565b60ff19168186015291151560051b8401909101915061059f9050610588565b50505f80528382805f205f905b848210610691575061055d9350820101610551565b6001919350805483858a0101520191018390869261067c565b60ff19168482015261055d94151560051b84010191506105519050565b34610166576020366003190112610166576001600160a01b036106e8610b75565b165f526005602052602060405f2054604051908152f35b34610166576020366003190112610166576001600160a01b03610720610b75565b165f526003602052602060405f2054604051908152f35b3461016657602036600319011261016657600435610753610da4565b335f52600360205260405f20548181106107af5790805f92338452600360205203604083205580600254036002556040519081527fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60203392a3005b63db42144d60e01b5f523360045260245260445260645ffd5b34610166576040366003190112610166576107e1610b75565b602435906107ed610da4565b6001600160a01b0316908115610852577fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60208261082e5f94600254610c80565b6002558484526003825260408420610847828254610c80565b9055604051908152a3005b50630bc2c5df60e11b5f5260045260245ffd5b34610166575f36600319011261016657602061088030610e13565b604051908152f35b34610166575f36600319011261016657602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b34610166575f3660031901126101665760206040517f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98152f35b346101665760403660031901126101665760043561091b610b8b565b90610924610d55565b805f52600760205260405f2060018060a01b0383165f5260205260ff60405f2054161561094d57005b5f8181526007602090815260408083206001600160a01b0395909516808452949091528120805460ff19166001179055339291907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d9080a4005b34610166575f36600319011261016657602060405164e8d4a510008152f35b34610166576060366003190112610166576102d36109e2610b75565b6109ea610b8b565b604435916109f9833383610bfa565b610ca1565b34610166575f366003190112610166576020600254604051908152f35b34610166576040366003190112610166576102d3610a37610b75565b6024359033610ba1565b34610166575f366003190112610166576040515f5f54610a6081610ae3565b80845290600181169081156104915750600114610a875761042f8361041b81850382610b1b565b5f8080527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563939250905b808210610ac95750909150810160200161041b61040b565b919260018160209254838588010152019101909291610ab1565b90600182811c92168015610b11575b6020831014610afd57565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610af2565b90601f8019910116810190811067ffffffffffffffff821117610b3d57604052565b634e487b7160e01b5f52604160045260245ffd5b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b600435906001600160a01b038216820361016657565b602435906001600160a01b038216820361016657565b6001600160a01b039081165f8181526004602090815260408083209590941680835294815290839020859055915193845291927f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b9259190a3565b6001600160a01b039081165f818152600460209081526040808320948616835293905291909120549291905f198414610c7a57828410610c57575f52600460205260405f209060018060a01b03165f5260205260405f2091039055565b508290630c95cf2760e11b5f5260018060a01b031660045260245260445260645ffd5b50505050565b91908201809211610c8d57565b634e487b7160e01b5f52601160045260245ffd5b6001600160a01b0390911691908215610d42576001600160a01b03165f81815260036020526040902054909190818110610d2957817fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92602092855f52600384520360405f2055845f526003825260405f20610d1e828254610c80565b9055604051908152a3565b8263db42144d60e01b5f5260045260245260445260645ffd5b82630bc2c5df60e11b5f5260045260245ffd5b335f9081527f6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6df602052604090205460ff1615610d8d57565b63e2517d3f60e01b5f52336004525f60245260445ffd5b335f9081527fa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f4602052604090205460ff1615610ddc57565b63e2517d3f60e01b5f52336004527f9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a660245260445ffd5b6040515f905f549181610e2584610ae3565b9182825260208201946001811690815f14610fca5750600114610f6d575b610e4f92500382610b1b565b519020906040515f906006549181610e6684610ae3565b9182825260208201946001811690815f14610f515750600114610ef2575b610e9092500382610b1b565b519020906040519160208301937f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f85526040840152606083015246608083015260018060a01b031660a082015260a08152610eec60c082610b1b565b51902090565b5060065f90815290917ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f5b818310610f35575050906020610e9092820101610e84565b6020919350806001915483858801015201910190918392610f1d565b60ff1916865250610e9092151560051b82016020019050610e84565b505f80805290917f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b818310610fae575050906020610e4f92820101610e43565b6020919350806001915483858801015201910190918392610f96565b60ff1916865250610e4f92151560051b82016020019050610e43565b929091928142116110ad576001600160a01b03165f81815260056020526040902080549194905f198314610c8d576001830190556040519360208501957f6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c98752604086015260018060a01b03166060850152608084015260a083015260c082015260c0815261107660e082610b1b565b51902061108230610e13565b9060405190602082019261190160f01b84526022830152604282015260428152610eec606282610b1b565b50630f88f04960e41b5f526004524260245260445ffd5b9060ff1690601b82141580611173575b611164577f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a08411611155576020935f93608093604051938452868401526040830152606082015282805260015afa1561114a575f51906001600160a01b0382161561113b57565b638baa579f60e01b5f5260045ffd5b6040513d5f823e3d90fd5b6317e97eb760e31b5f5260045ffd5b63ff551e8960e01b5f5260045ffd5b50601c8214156110d4565b6001600160a01b0390811691160361119257565b6310c74b0360e01b5f5260045ffd2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d6d5257204ebe7d88fd91ae87941cb2dd9d8062b64ae5a2bd2d28ec40b9fbf6dfa4bfd7afe708e2e87e7f0e2ad9b4d545417e0f795f57b5c5ab5d799c565a04f4",
}

// MTokenABI is the input ABI used to generate the binding from.
// Deprecated: Use MTokenMetaData.ABI instead.
var MTokenABI = MTokenMetaData.ABI

// MTokenBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use MTokenMetaData.Bin instead.
var MTokenBin = MTokenMetaData.Bin

// DeployMToken deploys a new Ethereum contract, binding an instance of MToken to it.
func DeployMToken(auth *bind.TransactOpts, backend bind.ContractBackend, admin common.Address) (common.Address, *types.Transaction, *MToken, error) {
	parsed, err := MTokenMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(MTokenBin), backend, admin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &MToken{MTokenCaller: MTokenCaller{contract: contract}, MTokenTransactor: MTokenTransactor{contract: contract}, MTokenFilterer: MTokenFilterer{contract: contract}}, nil
}

// MToken is an auto generated Go binding around an Ethereum contract.
type MToken struct {
	MTokenCaller     // Read-only binding to the contract
	MTokenTransactor // Write-only binding to the contract
	MTokenFilterer   // Log filterer for contract events
}

// MTokenCaller is an auto generated read-only Go binding around an Ethereum contract.
type MTokenCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MTokenTransactor is an auto generated write-only Go binding around an Ethereum contract.
type MTokenTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MTokenFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type MTokenFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MTokenSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type MTokenSession struct {
	Contract     *MToken           // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// MTokenCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type MTokenCallerSession struct {
	Contract *MTokenCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts // Call options to use throughout this session
}

// MTokenTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type MTokenTransactorSession struct {
	Contract     *MTokenTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// MTokenRaw is an auto generated low-level Go binding around an Ethereum contract.
type MTokenRaw struct {
	Contract *MToken // Generic contract binding to access the raw methods on
}

// MTokenCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type MTokenCallerRaw struct {
	Contract *MTokenCaller // Generic read-only contract binding to access the raw methods on
}

// MTokenTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type MTokenTransactorRaw struct {
	Contract *MTokenTransactor // Generic write-only contract binding to access the raw methods on
}

// NewMToken creates a new instance of MToken, bound to a specific deployed contract.
func NewMToken(address common.Address, backend bind.ContractBackend) (*MToken, error) {
	contract, err := bindMToken(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &MToken{MTokenCaller: MTokenCaller{contract: contract}, MTokenTransactor: MTokenTransactor{contract: contract}, MTokenFilterer: MTokenFilterer{contract: contract}}, nil
}

// NewMTokenCaller creates a new read-only instance of MToken, bound to a specific deployed contract.
func NewMTokenCaller(address common.Address, caller bind.ContractCaller) (*MTokenCaller, error) {
	contract, err := bindMToken(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &MTokenCaller{contract: contract}, nil
}

// NewMTokenTransactor creates a new write-only instance of MToken, bound to a specific deployed contract.
func NewMTokenTransactor(address common.Address, transactor bind.ContractTransactor) (*MTokenTransactor, error) {
	contract, err := bindMToken(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &MTokenTransactor{contract: contract}, nil
}

// NewMTokenFilterer creates a new log filterer instance of MToken, bound to a specific deployed contract.
func NewMTokenFilterer(address common.Address, filterer bind.ContractFilterer) (*MTokenFilterer, error) {
	contract, err := bindMToken(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &MTokenFilterer{contract: contract}, nil
}

// bindMToken binds a generic wrapper to an already deployed contract.
func bindMToken(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := MTokenMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_MToken *MTokenRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _MToken.Contract.MTokenCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_MToken *MTokenRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _MToken.Contract.MTokenTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_MToken *MTokenRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _MToken.Contract.MTokenTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_MToken *MTokenCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _MToken.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_MToken *MTokenTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _MToken.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_MToken *MTokenTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _MToken.Contract.contract.Transact(opts, method, params...)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_MToken *MTokenCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_MToken *MTokenSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _MToken.Contract.DEFAULTADMINROLE(&_MToken.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_MToken *MTokenCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _MToken.Contract.DEFAULTADMINROLE(&_MToken.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_MToken *MTokenCaller) DOMAINSEPARATOR(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "DOMAIN_SEPARATOR")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_MToken *MTokenSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _MToken.Contract.DOMAINSEPARATOR(&_MToken.CallOpts)
}

// DOMAINSEPARATOR is a free data retrieval call binding the contract method 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (_MToken *MTokenCallerSession) DOMAINSEPARATOR() ([32]byte, error) {
	return _MToken.Contract.DOMAINSEPARATOR(&_MToken.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_MToken *MTokenCaller) MINTERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "MINTER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_MToken *MTokenSession) MINTERROLE() ([32]byte, error) {
	return _MToken.Contract.MINTERROLE(&_MToken.CallOpts)
}

// MINTERROLE is a free data retrieval call binding the contract method 0xd5391393.
//
// Solidity: function MINTER_ROLE() view returns(bytes32)
func (_MToken *MTokenCallerSession) MINTERROLE() ([32]byte, error) {
	return _MToken.Contract.MINTERROLE(&_MToken.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_MToken *MTokenCaller) PERMITTYPEHASH(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "PERMIT_TYPEHASH")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_MToken *MTokenSession) PERMITTYPEHASH() ([32]byte, error) {
	return _MToken.Contract.PERMITTYPEHASH(&_MToken.CallOpts)
}

// PERMITTYPEHASH is a free data retrieval call binding the contract method 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (_MToken *MTokenCallerSession) PERMITTYPEHASH() ([32]byte, error) {
	return _MToken.Contract.PERMITTYPEHASH(&_MToken.CallOpts)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_MToken *MTokenCaller) Allowance(opts *bind.CallOpts, owner common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "allowance", owner, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_MToken *MTokenSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _MToken.Contract.Allowance(&_MToken.CallOpts, owner, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (_MToken *MTokenCallerSession) Allowance(owner common.Address, spender common.Address) (*big.Int, error) {
	return _MToken.Contract.Allowance(&_MToken.CallOpts, owner, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_MToken *MTokenCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_MToken *MTokenSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _MToken.Contract.BalanceOf(&_MToken.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_MToken *MTokenCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _MToken.Contract.BalanceOf(&_MToken.CallOpts, account)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_MToken *MTokenCaller) CurrentIndex(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "currentIndex")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_MToken *MTokenSession) CurrentIndex() (*big.Int, error) {
	return _MToken.Contract.CurrentIndex(&_MToken.CallOpts)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() pure returns(uint128)
func (_MToken *MTokenCallerSession) CurrentIndex() (*big.Int, error) {
	return _MToken.Contract.CurrentIndex(&_MToken.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_MToken *MTokenCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_MToken *MTokenSession) Decimals() (uint8, error) {
	return _MToken.Contract.Decimals(&_MToken.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_MToken *MTokenCallerSession) Decimals() (uint8, error) {
	return _MToken.Contract.Decimals(&_MToken.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_MToken *MTokenCaller) Eip712Domain(opts *bind.CallOpts) (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "eip712Domain")

	outstruct := new(struct {
		Fields            [1]byte
		Name              string
		Version           string
		ChainId           *big.Int
		VerifyingContract common.Address
		Salt              [32]byte
		Extensions        []*big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Fields = *abi.ConvertType(out[0], new([1]byte)).(*[1]byte)
	outstruct.Name = *abi.ConvertType(out[1], new(string)).(*string)
	outstruct.Version = *abi.ConvertType(out[2], new(string)).(*string)
	outstruct.ChainId = *abi.ConvertType(out[3], new(*big.Int)).(**big.Int)
	outstruct.VerifyingContract = *abi.ConvertType(out[4], new(common.Address)).(*common.Address)
	outstruct.Salt = *abi.ConvertType(out[5], new([32]byte)).(*[32]byte)
	outstruct.Extensions = *abi.ConvertType(out[6], new([]*big.Int)).(*[]*big.Int)

	return *outstruct, err

}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_MToken *MTokenSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _MToken.Contract.Eip712Domain(&_MToken.CallOpts)
}

// Eip712Domain is a free data retrieval call binding the contract method 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name_, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (_MToken *MTokenCallerSession) Eip712Domain() (struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}, error) {
	return _MToken.Contract.Eip712Domain(&_MToken.CallOpts)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_MToken *MTokenCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_MToken *MTokenSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _MToken.Contract.HasRole(&_MToken.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_MToken *MTokenCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _MToken.Contract.HasRole(&_MToken.CallOpts, role, account)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_MToken *MTokenCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_MToken *MTokenSession) Name() (string, error) {
	return _MToken.Contract.Name(&_MToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_MToken *MTokenCallerSession) Name() (string, error) {
	return _MToken.Contract.Name(&_MToken.CallOpts)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_MToken *MTokenCaller) Nonces(opts *bind.CallOpts, owner common.Address) (*big.Int, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "nonces", owner)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_MToken *MTokenSession) Nonces(owner common.Address) (*big.Int, error) {
	return _MToken.Contract.Nonces(&_MToken.CallOpts, owner)
}

// Nonces is a free data retrieval call binding the contract method 0x7ecebe00.
//
// Solidity: function nonces(address owner) view returns(uint256)
func (_MToken *MTokenCallerSession) Nonces(owner common.Address) (*big.Int, error) {
	return _MToken.Contract.Nonces(&_MToken.CallOpts, owner)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_MToken *MTokenCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_MToken *MTokenSession) Symbol() (string, error) {
	return _MToken.Contract.Symbol(&_MToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_MToken *MTokenCallerSession) Symbol() (string, error) {
	return _MToken.Contract.Symbol(&_MToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_MToken *MTokenCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MToken.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_MToken *MTokenSession) TotalSupply() (*big.Int, error) {
	return _MToken.Contract.TotalSupply(&_MToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_MToken *MTokenCallerSession) TotalSupply() (*big.Int, error) {
	return _MToken.Contract.TotalSupply(&_MToken.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_MToken *MTokenTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_MToken *MTokenSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Approve(&_MToken.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_MToken *MTokenTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Approve(&_MToken.TransactOpts, spender, amount)
}

// Burn is a paid mutator transaction binding the contract method 0x42966c68.
//
// Solidity: function burn(uint256 amount) returns()
func (_MToken *MTokenTransactor) Burn(opts *bind.TransactOpts, amount *big.Int) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "burn", amount)
}

// Burn is a paid mutator transaction binding the contract method 0x42966c68.
//
// Solidity: function burn(uint256 amount) returns()
func (_MToken *MTokenSession) Burn(amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Burn(&_MToken.TransactOpts, amount)
}

// Burn is a paid mutator transaction binding the contract method 0x42966c68.
//
// Solidity: function burn(uint256 amount) returns()
func (_MToken *MTokenTransactorSession) Burn(amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Burn(&_MToken.TransactOpts, amount)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_MToken *MTokenTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_MToken *MTokenSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MToken.Contract.GrantRole(&_MToken.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_MToken *MTokenTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MToken.Contract.GrantRole(&_MToken.TransactOpts, role, account)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_MToken *MTokenTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_MToken *MTokenSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Mint(&_MToken.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_MToken *MTokenTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Mint(&_MToken.TransactOpts, to, amount)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_MToken *MTokenTransactor) Permit(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "permit", owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_MToken *MTokenSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _MToken.Contract.Permit(&_MToken.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit is a paid mutator transaction binding the contract method 0x9fd5a6cf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature) returns()
func (_MToken *MTokenTransactorSession) Permit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _MToken.Contract.Permit(&_MToken.TransactOpts, owner, spender, value, deadline, signature)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_MToken *MTokenTransactor) Permit0(opts *bind.TransactOpts, owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "permit0", owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_MToken *MTokenSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _MToken.Contract.Permit0(&_MToken.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// Permit0 is a paid mutator transaction binding the contract method 0xd505accf.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_MToken *MTokenTransactorSession) Permit0(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _MToken.Contract.Permit0(&_MToken.TransactOpts, owner, spender, value, deadline, v, r, s)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_MToken *MTokenTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_MToken *MTokenSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MToken.Contract.RevokeRole(&_MToken.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_MToken *MTokenTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _MToken.Contract.RevokeRole(&_MToken.TransactOpts, role, account)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_MToken *MTokenTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_MToken *MTokenSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Transfer(&_MToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_MToken *MTokenTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.Transfer(&_MToken.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_MToken *MTokenTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_MToken *MTokenSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.TransferFrom(&_MToken.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_MToken *MTokenTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _MToken.Contract.TransferFrom(&_MToken.TransactOpts, from, to, amount)
}

// MTokenApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the MToken contract.
type MTokenApprovalIterator struct {
	Event *MTokenApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MTokenApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MTokenApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MTokenApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MTokenApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MTokenApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MTokenApproval represents a Approval event raised by the MToken contract.
type MTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_MToken *MTokenFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*MTokenApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _MToken.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &MTokenApprovalIterator{contract: _MToken.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_MToken *MTokenFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *MTokenApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _MToken.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MTokenApproval)
				if err := _MToken.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_MToken *MTokenFilterer) ParseApproval(log types.Log) (*MTokenApproval, error) {
	event := new(MTokenApproval)
	if err := _MToken.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MTokenRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the MToken contract.
type MTokenRoleGrantedIterator struct {
	Event *MTokenRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MTokenRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MTokenRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MTokenRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MTokenRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MTokenRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MTokenRoleGranted represents a RoleGranted event raised by the MToken contract.
type MTokenRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_MToken *MTokenFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*MTokenRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MToken.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &MTokenRoleGrantedIterator{contract: _MToken.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_MToken *MTokenFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *MTokenRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MToken.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MTokenRoleGranted)
				if err := _MToken.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_MToken *MTokenFilterer) ParseRoleGranted(log types.Log) (*MTokenRoleGranted, error) {
	event := new(MTokenRoleGranted)
	if err := _MToken.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MTokenRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the MToken contract.
type MTokenRoleRevokedIterator struct {
	Event *MTokenRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MTokenRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MTokenRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MTokenRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MTokenRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MTokenRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MTokenRoleRevoked represents a RoleRevoked event raised by the MToken contract.
type MTokenRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_MToken *MTokenFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*MTokenRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MToken.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &MTokenRoleRevokedIterator{contract: _MToken.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_MToken *MTokenFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *MTokenRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _MToken.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MTokenRoleRevoked)
				if err := _MToken.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_MToken *MTokenFilterer) ParseRoleRevoked(log types.Log) (*MTokenRoleRevoked, error) {
	event := new(MTokenRoleRevoked)
	if err := _MToken.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MTokenTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the MToken contract.
type MTokenTransferIterator struct {
	Event *MTokenTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MTokenTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MTokenTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MTokenTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MTokenTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MTokenTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MTokenTransfer represents a Transfer event raised by the MToken contract.
type MTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_MToken *MTokenFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*MTokenTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _MToken.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &MTokenTransferIterator{contract: _MToken.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_MToken *MTokenFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *MTokenTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _MToken.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MTokenTransfer)
				if err := _MToken.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_MToken *MTokenFilterer) ParseTransfer(log types.Log) (*MTokenTransfer, error) {
	event := new(MTokenTransfer)
	if err := _MToken.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// Multicall3MetaData contains all meta data concerning the Multicall3 contract.
var Multicall3MetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"target\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"allowFailure\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"}],\"internalType\":\"structMulticall3.Call3[]\",\"name\":\"calls\",\"type\":\"tuple[]\"}],\"name\":\"aggregate3\",\"outputs\":[{\"components\":[{\"internalType\":\"bool\",\"name\":\"success\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"returnData\",\"type\":\"bytes\"}],\"internalType\":\"structMulticall3.Result[]\",\"name\":\"returnData\",\"type\":\"tuple[]\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getBasefee\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getBlockNumber\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getChainId\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getCurrentBlockTimestamp\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"addr\",\"type\":\"address\"}],\"name\":\"getEthBalance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"requireSuccess\",\"type\":\"bool\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"target\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"}],\"internalType\":\"structMulticall3.Call[]\",\"name\":\"calls\",\"type\":\"tuple[]\"}],\"name\":\"tryAggregate\",\"outputs\":[{\"components\":[{\"internalType\":\"bool\",\"name\":\"success\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"returnData\",\"type\":\"bytes\"}],\"internalType\":\"structMulticall3.Result[]\",\"name\":\"returnData\",\"type\":\"tuple[]\"}],\"stateMutability\":\"payable\",\"type\":\"function\"}]",
	Bin: "0x608080604052346015576105a6908161001a8239f35b5f80fdfe6080806040526004361015610012575f80fd5b5f3560e01c9081630f28c97d146102d4575080633408e470146102ba5780633e64a696146102a057806342cbb15c146102865780634d2301cc1461025657806382ad56cb146101605763bce38bd714610069575f80fd5b604036600319011261015c5760043580159081150361015c5760243567ffffffffffffffff811161015c576100a29036906004016102ec565b90916100ad82610419565b925f5b8381106100c957604051806100c5878261031d565b0390f35b805f806100e16100dc6001958988610584565b6104a2565b816100fa6100f0868b8a610584565b60208101906104b6565b9190826040519384928337810182815203925af16101166104e9565b81159182610155575b61012890610524565b6101306103a7565b9115825260208201526101438288610570565b5261014e8187610570565b50016100b0565b508561011f565b5f80fd5b602036600319011261015c5760043567ffffffffffffffff811161015c5761018c9036906004016102ec565b61019581610419565b905f5b8181106101ad57604051806100c5858261031d565b5f806101bd6100dc84868961046c565b816101d66101cc86888b61046c565b60408101906104b6565b9190826040519384928337810182815203925af1906101f36104e9565b9180159081610236575b92610209600194610524565b6102116103a7565b9115825260208201526102248286610570565b5261022f8185610570565b5001610198565b50602061024483868961046c565b013592831515840361015c57926101fd565b3461015c57602036600319011261015c576004356001600160a01b038116810361015c5760209031604051908152f35b3461015c575f36600319011261015c576020604051438152f35b3461015c575f36600319011261015c576020604051488152f35b3461015c575f36600319011261015c576020604051468152f35b3461015c575f36600319011261015c57602090428152f35b9181601f8401121561015c5782359167ffffffffffffffff831161015c576020808501948460051b01011161015c57565b602081016020825282518091526040820191602060408360051b8301019401925f915b83831061034f57505050505090565b90919293946020806060600193603f1986820301875282808b5180511515845201516040828401528051918291826040860152018484015e5f828201840152601f01601f191601019701959491909101920190610340565b604051906040820182811067ffffffffffffffff8211176103c757604052565b634e487b7160e01b5f52604160045260245ffd5b6040519190601f01601f1916820167ffffffffffffffff8111838210176103c757604052565b67ffffffffffffffff81116103c75760051b60200190565b9061042b61042683610401565b6103db565b828152809261043c601f1991610401565b01905f5b82811061044c57505050565b6020906104576103a7565b5f815260608382015282828501015201610440565b919081101561048e5760051b81013590605e198136030182121561015c570190565b634e487b7160e01b5f52603260045260245ffd5b356001600160a01b038116810361015c5790565b903590601e198136030182121561015c570180359067ffffffffffffffff821161015c5760200191813603831361015c57565b3d1561051f573d9067ffffffffffffffff82116103c757610513601f8301601f19166020016103db565b9182523d5f602084013e565b606090565b1561052b57565b60405162461bcd60e51b815260206004820152601760248201527f4d756c746963616c6c333a2063616c6c206661696c65640000000000000000006044820152606490fd5b805182101561048e5760209160051b010190565b919081101561048e5760051b81013590603e198136030182121561015c57019056",
}

// Multicall3ABI is the input ABI used to generate the binding from.
// Deprecated: Use Multicall3MetaData.ABI instead.
var Multicall3ABI = Multicall3MetaData.ABI

// Multicall3Bin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use Multicall3MetaData.Bin instead.
var Multicall3Bin = Multicall3MetaData.Bin

// DeployMulticall3 deploys a new Ethereum contract, binding an instance of Multicall3 to it.
func DeployMulticall3(auth *bind.TransactOpts, backend bind.ContractBackend) (common.Address, *types.Transaction, *Multicall3, error) {
	parsed, err := Multicall3MetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(Multicall3Bin), backend)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &Multicall3{Multicall3Caller: Multicall3Caller{contract: contract}, Multicall3Transactor: Multicall3Transactor{contract: contract}, Multicall3Filterer: Multicall3Filterer{contract: contract}}, nil
}

// Multicall3 is an auto generated Go binding around an Ethereum contract.
type Multicall3 struct {
	Multicall3Caller     // Read-only binding to the contract
	Multicall3Transactor // Write-only binding to the contract
	Multicall3Filterer   // Log filterer for contract events
}

// Multicall3Caller is an auto generated read-only Go binding around an Ethereum contract.
type Multicall3Caller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// Multicall3Transactor is an auto generated write-only Go binding around an Ethereum contract.
type Multicall3Transactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// Multicall3Filterer is an auto generated log filtering Go binding around an Ethereum contract events.
type Multicall3Filterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// Multicall3Session is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type Multicall3Session struct {
	Contract     *Multicall3       // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// Multicall3CallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type Multicall3CallerSession struct {
	Contract *Multicall3Caller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts     // Call options to use throughout this session
}

// Multicall3TransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type Multicall3TransactorSession struct {
	Contract     *Multicall3Transactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts     // Transaction auth options to use throughout this session
}

// Multicall3Raw is an auto generated low-level Go binding around an Ethereum contract.
type Multicall3Raw struct {
	Contract *Multicall3 // Generic contract binding to access the raw methods on
}

// Multicall3CallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type Multicall3CallerRaw struct {
	Contract *Multicall3Caller // Generic read-only contract binding to access the raw methods on
}

// Multicall3TransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type Multicall3TransactorRaw struct {
	Contract *Multicall3Transactor // Generic write-only contract binding to access the raw methods on
}

// NewMulticall3 creates a new instance of Multicall3, bound to a specific deployed contract.
func NewMulticall3(address common.Address, backend bind.ContractBackend) (*Multicall3, error) {
	contract, err := bindMulticall3(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &Multicall3{Multicall3Caller: Multicall3Caller{contract: contract}, Multicall3Transactor: Multicall3Transactor{contract: contract}, Multicall3Filterer: Multicall3Filterer{contract: contract}}, nil
}

// NewMulticall3Caller creates a new read-only instance of Multicall3, bound to a specific deployed contract.
func NewMulticall3Caller(address common.Address, caller bind.ContractCaller) (*Multicall3Caller, error) {
	contract, err := bindMulticall3(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &Multicall3Caller{contract: contract}, nil
}

// NewMulticall3Transactor creates a new write-only instance of Multicall3, bound to a specific deployed contract.
func NewMulticall3Transactor(address common.Address, transactor bind.ContractTransactor) (*Multicall3Transactor, error) {
	contract, err := bindMulticall3(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &Multicall3Transactor{contract: contract}, nil
}

// NewMulticall3Filterer creates a new log filterer instance of Multicall3, bound to a specific deployed contract.
func NewMulticall3Filterer(address common.Address, filterer bind.ContractFilterer) (*Multicall3Filterer, error) {
	contract, err := bindMulticall3(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &Multicall3Filterer{contract: contract}, nil
}

// bindMulticall3 binds a generic wrapper to an already deployed contract.
func bindMulticall3(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := Multicall3MetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_Multicall3 *Multicall3Raw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _Multicall3.Contract.Multicall3Caller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_Multicall3 *Multicall3Raw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Multicall3.Contract.Multicall3Transactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_Multicall3 *Multicall3Raw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _Multicall3.Contract.Multicall3Transactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_Multicall3 *Multicall3CallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _Multicall3.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_Multicall3 *Multicall3TransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Multicall3.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_Multicall3 *Multicall3TransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _Multicall3.Contract.contract.Transact(opts, method, params...)
}

// GetBasefee is a free data retrieval call binding the contract method 0x3e64a696.
//
// Solidity: function getBasefee() view returns(uint256)
func (_Multicall3 *Multicall3Caller) GetBasefee(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Multicall3.contract.Call(opts, &out, "getBasefee")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetBasefee is a free data retrieval call binding the contract method 0x3e64a696.
//
// Solidity: function getBasefee() view returns(uint256)
func (_Multicall3 *Multicall3Session) GetBasefee() (*big.Int, error) {
	return _Multicall3.Contract.GetBasefee(&_Multicall3.CallOpts)
}

// GetBasefee is a free data retrieval call binding the contract method 0x3e64a696.
//
// Solidity: function getBasefee() view returns(uint256)
func (_Multicall3 *Multicall3CallerSession) GetBasefee() (*big.Int, error) {
	return _Multicall3.Contract.GetBasefee(&_Multicall3.CallOpts)
}

// GetBlockNumber is a free data retrieval call binding the contract method 0x42cbb15c.
//
// Solidity: function getBlockNumber() view returns(uint256)
func (_Multicall3 *Multicall3Caller) GetBlockNumber(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Multicall3.contract.Call(opts, &out, "getBlockNumber")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetBlockNumber is a free data retrieval call binding the contract method 0x42cbb15c.
//
// Solidity: function getBlockNumber() view returns(uint256)
func (_Multicall3 *Multicall3Session) GetBlockNumber() (*big.Int, error) {
	return _Multicall3.Contract.GetBlockNumber(&_Multicall3.CallOpts)
}

// GetBlockNumber is a free data retrieval call binding the contract method 0x42cbb15c.
//
// Solidity: function getBlockNumber() view returns(uint256)
func (_Multicall3 *Multicall3CallerSession) GetBlockNumber() (*big.Int, error) {
	return _Multicall3.Contract.GetBlockNumber(&_Multicall3.CallOpts)
}

// GetChainId is a free data retrieval call binding the contract method 0x3408e470.
//
// Solidity: function getChainId() view returns(uint256)
func (_Multicall3 *Multicall3Caller) GetChainId(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Multicall3.contract.Call(opts, &out, "getChainId")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetChainId is a free data retrieval call binding the contract method 0x3408e470.
//
// Solidity: function getChainId() view returns(uint256)
func (_Multicall3 *Multicall3Session) GetChainId() (*big.Int, error) {
	return _Multicall3.Contract.GetChainId(&_Multicall3.CallOpts)
}

// GetChainId is a free data retrieval call binding the contract method 0x3408e470.
//
// Solidity: function getChainId() view returns(uint256)
func (_Multicall3 *Multicall3CallerSession) GetChainId() (*big.Int, error) {
	return _Multicall3.Contract.GetChainId(&_Multicall3.CallOpts)
}

// GetCurrentBlockTimestamp is a free data retrieval call binding the contract method 0x0f28c97d.
//
// Solidity: function getCurrentBlockTimestamp() view returns(uint256)
func (_Multicall3 *Multicall3Caller) GetCurrentBlockTimestamp(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Multicall3.contract.Call(opts, &out, "getCurrentBlockTimestamp")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetCurrentBlockTimestamp is a free data retrieval call binding the contract method 0x0f28c97d.
//
// Solidity: function getCurrentBlockTimestamp() view returns(uint256)
func (_Multicall3 *Multicall3Session) GetCurrentBlockTimestamp() (*big.Int, error) {
	return _Multicall3.Contract.GetCurrentBlockTimestamp(&_Multicall3.CallOpts)
}

// GetCurrentBlockTimestamp is a free data retrieval call binding the contract method 0x0f28c97d.
//
// Solidity: function getCurrentBlockTimestamp() view returns(uint256)
func (_Multicall3 *Multicall3CallerSession) GetCurrentBlockTimestamp() (*big.Int, error) {
	return _Multicall3.Contract.GetCurrentBlockTimestamp(&_Multicall3.CallOpts)
}

// GetEthBalance is a free data retrieval call binding the contract method 0x4d2301cc.
//
// Solidity: function getEthBalance(address addr) view returns(uint256)
func (_Multicall3 *Multicall3Caller) GetEthBalance(opts *bind.CallOpts, addr common.Address) (*big.Int, error) {
	var out []interface{}
	err := _Multicall3.contract.Call(opts, &out, "getEthBalance", addr)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetEthBalance is a free data retrieval call binding the contract method 0x4d2301cc.
//
// Solidity: function getEthBalance(address addr) view returns(uint256)
func (_Multicall3 *Multicall3Session) GetEthBalance(addr common.Address) (*big.Int, error) {
	return _Multicall3.Contract.GetEthBalance(&_Multicall3.CallOpts, addr)
}

// GetEthBalance is a free data retrieval call binding the contract method 0x4d2301cc.
//
// Solidity: function getEthBalance(address addr) view returns(uint256)
func (_Multicall3 *Multicall3CallerSession) GetEthBalance(addr common.Address) (*big.Int, error) {
	return _Multicall3.Contract.GetEthBalance(&_Multicall3.CallOpts, addr)
}

// Aggregate3 is a paid mutator transaction binding the contract method 0x82ad56cb.
//
// Solidity: function aggregate3((address,bool,bytes)[] calls) payable returns((bool,bytes)[] returnData)
func (_Multicall3 *Multicall3Transactor) Aggregate3(opts *bind.TransactOpts, calls []Multicall3Call3) (*types.Transaction, error) {
	return _Multicall3.contract.Transact(opts, "aggregate3", calls)
}

// Aggregate3 is a paid mutator transaction binding the contract method 0x82ad56cb.
//
// Solidity: function aggregate3((address,bool,bytes)[] calls) payable returns((bool,bytes)[] returnData)
func (_Multicall3 *Multicall3Session) Aggregate3(calls []Multicall3Call3) (*types.Transaction, error) {
	return _Multicall3.Contract.Aggregate3(&_Multicall3.TransactOpts, calls)
}

// Aggregate3 is a paid mutator transaction binding the contract method 0x82ad56cb.
//
// Solidity: function aggregate3((address,bool,bytes)[] calls) payable returns((bool,bytes)[] returnData)
func (_Multicall3 *Multicall3TransactorSession) Aggregate3(calls []Multicall3Call3) (*types.Transaction, error) {
	return _Multicall3.Contract.Aggregate3(&_Multicall3.TransactOpts, calls)
}

// TryAggregate is a paid mutator transaction binding the contract method 0xbce38bd7.
//
// Solidity: function tryAggregate(bool requireSuccess, (address,bytes)[] calls) payable returns((bool,bytes)[] returnData)
func (_Multicall3 *Multicall3Transactor) TryAggregate(opts *bind.TransactOpts, requireSuccess bool, calls []Multicall3Call) (*types.Transaction, error) {
	return _Multicall3.contract.Transact(opts, "tryAggregate", requireSuccess, calls)
}

// TryAggregate is a paid mutator transaction binding the contract method 0xbce38bd7.
//
// Solidity: function tryAggregate(bool requireSuccess, (address,bytes)[] calls) payable returns((bool,bytes)[] returnData)
func (_Multicall3 *Multicall3Session) TryAggregate(requireSuccess bool, calls []Multicall3Call) (*types.Transaction, error) {
	return _Multicall3.Contract.TryAggregate(&_Multicall3.TransactOpts, requireSuccess, calls)
}

// TryAggregate is a paid mutator transaction binding the contract method 0xbce38bd7.
//
// Solidity: function tryAggregate(bool requireSuccess, (address,bytes)[] calls) payable returns((bool,bytes)[] returnData)
func (_Multicall3 *Multicall3TransactorSession) TryAggregate(requireSuccess bool, calls []Multicall3Call) (*types.Transaction, error) {
	return _Multicall3.Contract.TryAggregate(&_Multicall3.TransactOpts, requireSuccess, calls)
}

// OrderBookMetaData contains all meta data concerning the OrderBook contract.
var OrderBookMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"portal_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"AmountInZero\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"AmountOutZero\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"FillAmountZero\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidDeadline\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidDestinationChain\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidMsgValue\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidOrderStatus\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidOrderVersion\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidRecipient\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidReport\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidReportSource\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSolver\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidTimestamp\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotAuthorized\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"OrderAlreadyExists\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"OrderExpired\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"OrderIdMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SameTokenOrder\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroPortal\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroSender\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"}],\"name\":\"CancelReported\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"isSupported\",\"type\":\"bool\"}],\"name\":\"DestinationSupportUpdated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"originRecipient\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"}],\"name\":\"FillReported\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"OrderCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"}],\"name\":\"OrderCompleted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"solver\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"OrderFilled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"funder\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"fillDeadline\",\"type\":\"uint32\"}],\"name\":\"OrderOpened\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInRefunded\",\"type\":\"uint128\"}],\"name\":\"RefundClaimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VERSION\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"orderData\",\"type\":\"tuple\"}],\"name\":\"cancelOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"orderData\",\"type\":\"tuple\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"cancelOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"orderData\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"cancelOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"orderData\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint128\",\"name\":\"amountOutToFill\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"}],\"internalType\":\"structFillParams\",\"name\":\"fillParams\",\"type\":\"tuple\"}],\"name\":\"fillOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"orderData\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint128\",\"name\":\"amountOutToFill\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"}],\"internalType\":\"structFillParams\",\"name\":\"fillParams\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"fillOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"orderData\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint128\",\"name\":\"amountOutToFill\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"}],\"internalType\":\"structFillParams\",\"name\":\"fillParams\",\"type\":\"tuple\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"fillOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"}],\"name\":\"getFilledAmounts\",\"outputs\":[{\"components\":[{\"internalType\":\"uint128\",\"name\":\"amountInRefunded\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountInReleased\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"}],\"internalType\":\"structFilledAmounts\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"}],\"name\":\"getOrder\",\"outputs\":[{\"components\":[{\"internalType\":\"enumOrderStatus\",\"name\":\"status\",\"type\":\"uint8\"},{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"createdAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"fillDeadline\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrder\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"}],\"name\":\"getOrderData\",\"outputs\":[{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"data\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint16\",\"name\":\"version\",\"type\":\"uint16\"},{\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"nonce\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"originChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"createdAt\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"fillDeadline\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"}],\"internalType\":\"structOrderData\",\"name\":\"d\",\"type\":\"tuple\"}],\"name\":\"getOrderId\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"getSenderNonce\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"}],\"name\":\"isDestinationSupported\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"fillDeadline\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"internalType\":\"structOrderParams\",\"name\":\"params\",\"type\":\"tuple\"}],\"name\":\"openOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"fillDeadline\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"internalType\":\"structOrderParams\",\"name\":\"params\",\"type\":\"tuple\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"permitSignature\",\"type\":\"bytes\"}],\"name\":\"openOrderWithPermit\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"fillDeadline\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"tokenOut\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountIn\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOut\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"solver\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"internalType\":\"structOrderParams\",\"name\":\"params\",\"type\":\"tuple\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"openOrderWithPermit\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"portal\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"sourceChainId\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"orderSender\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountInToRefund\",\"type\":\"uint128\"}],\"internalType\":\"structCancelReport\",\"name\":\"report\",\"type\":\"tuple\"}],\"name\":\"reportCancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"sourceChainId\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"}],\"internalType\":\"structFillReport\",\"name\":\"report\",\"type\":\"tuple\"}],\"name\":\"reportFill\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destChainId\",\"type\":\"uint32\"},{\"internalType\":\"bool\",\"name\":\"isSupported\",\"type\":\"bool\"}],\"name\":\"setDestinationSupported\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60a03461015857601f61355438819003918201601f19168301916001600160401b0383118484101761015c5780849260409485528339810103126101585761004681610170565b906001600160a01b039061005c90602001610170565b168015610149575f8181525f5160206135345f395f51905f52602052604090205460ff16156100f8575b506001600160a01b038116156100e9576080526040516133af9081610185823960805181818161055a0152818161060a01528181610ab501528181610cd801528181611446015281816114e80152818161168d01528181612593015261299d0152f35b631b973f8d60e11b5f5260045ffd5b5f8181525f5160206135345f395f51905f5260205260408120805460ff191660011790553391907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d8180a45f610086565b633944ed8760e11b5f5260045ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036101585756fe60806040526004361015610011575f80fd5b5f3560e01c806313e7f795146101945780631bb864ad1461018f578063274cd0211461018a5780632f2ff15d1461018557806330b00889146101805780633c48b0a21461017b5780635778472a146101765780636425666b146101715780637b3e6be31461016c578063856c82471461016757806391d14854146101625780639f4690421461015d578063a217fddf14610158578063a46f8a2b14610153578063b3836dcd1461014e578063bf3e6eaf14610149578063cd82975314610144578063d547741f1461013f578063d56f32cd1461013a578063ddd892e114610135578063e52d258214610130578063e7bba2921461012b578063fb4d3144146101265763ffa1ad7414610121575f80fd5b611e0e565b611c93565b611bb1565b611ae7565b61187d565b611662565b6115b8565b6110e3565b611046565b610ff2565b610cad565b610c93565b610bc3565b610b72565b610b2e565b610ae4565b610aa0565b610931565b610803565b6107b3565b6106f2565b61028a565b610210565b6101c2565b63ffffffff8116036101a757565b5f80fd5b35906101b682610199565b565b801515036101a757565b346101a75760403660031901126101a7576101fc6004356101e281610199565b602435906101ef826101b8565b6101f7612254565b611e29565b005b6101a09060231901126101a757602490565b6101c03660031901126101a757602061024460043561022e366101fe565b6040519161023c8584611974565b5f83526123cb565b604051908152f35b6001600160a01b038116036101a757565b9181601f840112156101a7578235916001600160401b0383116101a757602083818601950101116101a757565b6102003660031901126101a7576004356102a3366101fe565b906101c435916102b28361024c565b6101e4356001600160401b0381116101a7576102d56102dc91369060040161025d565b3691611ecb565b915f926102fa6102ee60c085016122a3565b6001600160401b031690565b421115806106da575b806106a3575b6106945761031f61031a3685611a12565b61214b565b820361068557426103356102ee60a086016122a3565b116106765761034c825f52600260205260405f2090565b92610357818561320e565b610363608082016122ad565b63ffffffff4691160361066757610382835f52600360205260405f2090565b956103e26103a26103966101208501611fae565b895460801c5b906122b7565b865460ff19166002178755976103c8896103c383546001600160801b031690565b61202f565b6001600160801b03166001600160801b0319825416179055565b6060820190466103fd6103f4846122ad565b63ffffffff1690565b036104cd5750505050346104be57602093817f28017a0609035a77108326b64f016021a0038d4c57b91f7eedf7283182999bbc61048e8561046561044660018a99015460601c90565b825460181c6001600160a01b03165b6001600160801b03881691613097565b546040516001600160801b0395909516855260181c6001600160a01b0316939081906020820190565b0390a35b7f0b751d7bc7e902e8c7f5ae3b5a5cfaf6469fadd348681b2cdf779031fb629adc5f80a3604051908152f35b631841b4e160e01b5f5260045ffd5b9296939550602082013594509261050a9160e001356104ea6119a5565b958787526020870152604086015260608501906001600160801b03169052565b6001600160a01b0381166105cf5750906105256020926122ad565b610555610539335b6001600160a01b031690565b9560405196879485946305a19a6b60e11b865260048601612373565b0381347f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af180156105ca576020925f9161059d575b505b8091610492565b6105bd9150833d85116105c3575b6105b58183611974565b8101906122d7565b5f610594565b503d6105ab565b612010565b936106056105df602094936122ad565b916105e93361052d565b966040519788958695638b5b7a8960e01b87526004870161230a565b0381347f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af180156105ca576020925f9161064a575b50610596565b6106619150833d85116105c3576105b58183611974565b5f610644565b63b86ac1ef60e01b5f5260045ffd5b63b7d0949760e01b5f5260045ffd5b6338fd46f360e11b5f5260045ffd5b63ea8e4eb560e01b5f5260045ffd5b506106b0606084016122ad565b63ffffffff164614806106c4575b15610309565b503360208401356001600160a01b0316146106be565b50336101608401356001600160a01b03161415610303565b346101a75760403660031901126101a7576024356004356107128261024c565b61071a612254565b5f818152602081815260408083206001600160a01b038616845290915290205460ff161561074457005b5f818152602081815260408083206001600160a01b03861684529091529020805460ff1916600117905533916001600160a01b0316907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d5f80a4005b6060906101c31901126101a7576101c490565b6102203660031901126101a75760206102446004356107d1366101fe565b6107da366107a0565b90604051926107e98685611974565b5f84526126ff565b6101209060031901126101a757600490565b346101a7576101203660031901126101a7576020610244610823366107f1565b612c50565b6004111561083257565b634e487b7160e01b5f52602160045260245ffd5b9060048210156108325752565b919091610180806101a083019461086b848251610846565b60208181015161ffff16908501526040818101516001600160a01b0316908501526060818101516001600160401b03169085015260808181015163ffffffff169085015260a08181015163ffffffff169085015260c08181015163ffffffff169085015260e0818101516001600160a01b03169085015261010081015161010085015261090a6101208201516101208601906001600160801b03169052565b610140818101516001600160801b0316908501526101608101516101608501520151910152565b346101a75760203660031901126101a75760043561094d611f01565b505f526002602052610a9260405f206005610966611995565b916109c36109b3825461098261097c8260ff1690565b87611f71565b61ffff600882901c1660208701526001600160a01b03601882901c1660408701525b60b81c6001600160401b031690565b6001600160401b03166060850152565b610a22610a1260018301546109eb6109de8263ffffffff1690565b63ffffffff166080880152565b63ffffffff602082901c1660a087015263ffffffff604082901c1660c08701525b60601c90565b6001600160a01b031660e0850152565b6002810154610100840152610a73610a626003830154610a5c610a4b826001600160801b031690565b6001600160801b0316610120880152565b60801c90565b6001600160801b0316610140850152565b6004810154610160840152015461018082015260405191829182610853565b0390f35b5f9103126101a757565b346101a7575f3660031901126101a7576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b6101e03660031901126101a757600435610afd366101fe565b906101c435906001600160401b0382116101a757602092610b286102d561024494369060040161025d565b916123cb565b346101a75760203660031901126101a757600435610b4b8161024c565b60018060a01b03165f52600460205260206001600160401b0360405f205416604051908152f35b346101a75760403660031901126101a757602060ff610bb7602435600435610b998261024c565b5f525f845260405f209060018060a01b03165f5260205260405f2090565b54166040519015158152f35b346101a7576101603660031901126101a757610bde366107f1565b61012435610144356001600160401b0381116101a757610c0290369060040161025d565b610c1861052d6040869496013561052d8161024c565b93610c2560808401611fae565b90853b156101a757610a9295610c69955f8094610c5a60405197889687958694639fd5a6cf60e01b8652303360048801611fb8565b03925af1610c79575b50612c50565b6040519081529081906020820190565b80610c875f610c8d93611974565b80610a96565b5f610c63565b346101a7575f3660031901126101a75760206040515f8152f35b346101a75760c03660031901126101a757600435610cca81610199565b60a03660231901126101a7577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316330361069457602435610d1b815f52600260205260405f2090565b91610d27835460ff1690565b610d3081610828565b60018114159081610fdd575b50610fce5760a435906001840191825490610d5a61052d8360601c90565b03610f9357610d746103f463ffffffff9263ffffffff1690565b911603610fbf57610d8d825f52600360205260405f2090565b926003810191825491610db0610da9846001600160801b031690565b9360801c90565b93610de7610dbf885460801c90565b946001890196610dd688546001600160801b031690565b968791610de1611f8a565b93612ff6565b95915097610e02610df6611f8a565b6001600160801b031690565b6001600160801b03871614801590610fa2575b610f9357610e45610e2987610e989461202f565b88546001600160801b0319166001600160801b03909116178855565b610e77610e578a6103c3845460801c90565b82546001600160801b031660809190911b6001600160801b031916178255565b54610e92610e858260801c90565b916001600160801b031690565b9061202f565b9054906001600160801b03610eae818416610df6565b911611610f93576001600160801b03610ef5610df6610da97fdf5b059cd796fa473e6a6c95b2ccdcb60d0b71ae80f4993f9d8a715169fe6af998546001600160801b031690565b911614610f56575b50610f28610f17610f0f60843561052d565b925460601c90565b826001600160801b03881691613097565b604080516001600160801b0396871681529290951660208301526001600160a01b031693819081015b0390a3005b805460ff191660031790556040518481527fc1471de81880c1b225e1d454a583a6f0fde1f88fb0f03ca678be2a3656c0f7c290602090a15f610efd565b632d56b1d560e21b5f5260045ffd5b50610fae610df6611f96565b6001600160801b038a161415610e15565b6313ba605160e21b5f5260045ffd5b632916ae3360e01b5f5260045ffd5b60029150610fea81610828565b14155f610d3c565b6102403660031901126101a75760043561100b366101fe565b90611015366107a0565b9061022435916001600160401b0383116101a7576020936110406102d561024495369060040161025d565b926126ff565b346101a75760203660031901126101a7576004355f6040805161106881611954565b82815282602082015201525f526003602052610a9260405f206001600160801b0360016040519261109884611954565b8054838116855260801c602085015201541660408201526040519182918291909160406001600160801b03816060840195828151168552826020820151166020860152015116910152565b6102603660031901126101a7576004356110fc366101fe565b90611106366107a0565b9161022435916111158361024c565b610244356001600160401b0381116101a7576102d561113891369060040161025d565b905f9361114861031a3686611a12565b82036106855761115a608085016122ad565b63ffffffff469116036106675761117360c085016122a3565b6001600160401b03429116106115a957600161ffff61119186612641565b160361159a57426111a76102ee60a087016122a3565b11610676576001600160801b036111bd87611fae565b161561158b576101808401356001600160a01b03168015159081611580575b50610694576111f3825f52600260205260405f2090565b906111fe858361320e565b611210835f52600360205260405f2090565b9461121e6101208201611fae565b9461122c6101408301611fae565b875460801c9660018901918b835461124a906001600160801b031690565b996112558b92611fae565b9261125f94612ff6565b99919290988a61126e9161202f565b81546001600160801b0319166001600160801b03909116179055805461129890899060801c61202f565b81546001600160801b031660809190911b6001600160801b0319161790551561155e57835460ff191660031784556040518581527fc1471de81880c1b225e1d454a583a6f0fde1f88fb0f03ca678be2a3656c0f7c290602090a15b6113276001600160a01b03610100840135166001600160a01b03610160850135165b6001600160801b038a16913390613272565b60608201466113386103f4836122ad565b036113af5750505050346104be576113a485946113806020986104558a61137160015f51602061338f5f395f51905f5298015460601c90565b9201356001600160a01b031690565b604080516001600160801b0396871681529590911660208601523394918291820190565b0390a4604051908152f35b9193509197602094975060409060e0868201359501356113cd6119b4565b8a81526001600160801b03891688820152956001600160801b038a16878501526060870152608086015201358061155857506114083361052d565b975b6001600160a01b0381166114ba5750611425611441916122ad565b60405163d47d420560e01b8152988994859492600486016126cd565b0381347f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af19283156105ca575f51602061338f5f395f51905f526113a4946020965f9161149d575b505b948594611380565b6114b49150873d89116105c3576105b58183611974565b5f611493565b916114c76114e3926122ad565b604051630c12b26160e01b8152998a958695926004870161268a565b0381347f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af19283156105ca575f51602061338f5f395f51905f526113a4946020965f9161153b575b50611495565b6115529150873d89116105c3576105b58183611974565b5f611535565b9761140a565b835460ff1661156c81610828565b6112f357835460ff191660011784556112f3565b90503314155f6111dc565b637e3e991760e01b5f5260045ffd5b632710eb1d60e21b5f5260045ffd5b6362b439dd60e11b5f5260045ffd5b346101a75760403660031901126101a7576024356004356115d88261024c565b6115e0612254565b5f818152602081815260408083206001600160a01b038616845290915290205460ff1661160957005b5f818152602081815260408083206001600160a01b03861684529091529020805460ff1916905533916001600160a01b0316907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b5f80a4005b346101a75760a03660031901126101a75760043561167f81610199565b60803660231901126101a7577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03163303610694576024356116d0815f52600260205260405f2090565b91825460016116df8260ff1690565b6116e881610828565b03610fce57600184018054909263ffffffff6117058184166103f4565b911603610fbf5761171c61052d6064359260601c90565b149081159161185a575b50610f9357611785611740835f52600360205260405f2090565b845460ff19166002178555610e77611769611759611fa2565b83546001600160801b031661202f565b82546001600160801b0319166001600160801b03909116178255565b6001600160801b036117a4610df660038701546001600160801b031690565b911611610f9357546117d29060601c835460181c6001600160a01b03166117cc610df6611fa2565b91613097565b7f28017a0609035a77108326b64f016021a0038d4c57b91f7eedf7283182999bbc61182f60405193837f0d38d163e5357090162a83e17ece41e0400d55d343f8ba4d4db96d4bf0ae81c15f80a25460181c6001600160a01b031690565b9280610f5161183c611fa2565b6001600160801b031682526001600160a01b03909516946020820190565b905061187561052d6044359260181c6001600160a01b031690565b14155f611726565b346101a7576101a03660031901126101a757611898366107f1565b6101243590610144359060ff821682036101a7576101643561018435926118c961052d604085013561052d8161024c565b906118d660808501611fae565b91803b156101a75760405163d505accf60e01b81523360048201523060248201526001600160801b039093166044840152606483019690965260ff16608482015260a481019190915260c4810192909252610a9292610c6992905f90829081838160e48101610c5a565b634e487b7160e01b5f52604160045260245ffd5b606081019081106001600160401b0382111761196f57604052565b611940565b90601f801991011681019081106001600160401b0382111761196f57604052565b604051906101b66101a083611974565b604051906101b6608083611974565b604051906101b660a083611974565b61ffff8116036101a757565b35906101b6826119c3565b6001600160401b038116036101a757565b35906101b6826119da565b6001600160801b038116036101a757565b35906101b6826119f6565b9190826101a09103126101a757610180611a2a611995565b92611a34816119cf565b845260208101356020850152611a4c604082016119eb565b6040850152611a5d606082016101ab565b6060850152611a6e608082016101ab565b6080850152611a7f60a082016119eb565b60a0850152611a9060c082016119eb565b60c085015260e081013560e0850152610100810135610100850152611ab86101208201611a07565b610120850152611acb6101408201611a07565b6101408501526101608101356101608501520135610180830152565b346101a7576101a03660031901126101a7576020610244611b06611995565b611b1060046119cf565b815260243583820152611b2360446119eb565b6040820152611b3260646101ab565b6060820152611b4160846101ab565b6080820152611b5060a46119eb565b60a0820152611b5f60c46119eb565b60c082015260e43560e082015261010435610100820152611b81610124611a07565b610120820152611b92610144611a07565b610140820152610164356101608201526101843561018082015261214b565b346101a75760203660031901126101a7576020611bd8600435611bd381610199565b61222c565b6040519015158152f35b815161ffff1681526101a08101929161018090819060208101516020850152611c1b604082015160408601906001600160401b03169052565b60608181015163ffffffff169085015260808181015163ffffffff169085015260a0818101516001600160401b03169085015260c0818101516001600160401b03169085015260e081015160e085015261010081015161010085015261090a6101208201516101208601906001600160801b03169052565b346101a75760203660031901126101a757610a92600435611cb2611f01565b905f52600260205260405f20611cc6611995565b906005815491611cdf611cd98460ff1690565b85611f71565b61ffff600884901c166020850152611d27611d17601885901c6001600160a01b03166001600160a01b031660408701908152946109a4565b6001600160401b03166060860152565b611d84611d746001830154611d4f611d428263ffffffff1690565b63ffffffff166080890152565b63ffffffff602082901c1660a088015263ffffffff604082901c1660c0880152610a0c565b6001600160a01b031660e0860152565b6002810154610100850152611dcf611dbe6003830154610a5c611dad826001600160801b031690565b6001600160801b0316610120890152565b6001600160801b0316610140860152565b60048101546101608501520154610180830152516001600160a01b0316611dfe575b5060405191829182611be2565b611e0891506130d7565b5f611df1565b346101a7575f3660031901126101a757602060405160018152f35b63ffffffff169046821461066757815f52600160205260ff60405f20541681151590151514611eac57611ea77f72498032e09cdc0ffa6a5beed0fd8cf7045502e62aa6d6e302a25a555774da4891835f52600160205260405f2060ff1981541660ff8315151617905560405191829182919091602081019215159052565b0390a2565b5050565b6001600160401b03811161196f57601f01601f191660200190565b929192611ed782611eb0565b91611ee56040519384611974565b8294818452818301116101a7578281602093845f960137010152565b604051906101a082018281106001600160401b0382111761196f576040525f610180838281528260208201528260408201528260608201528260808201528260a08201528260c08201528260e0820152826101008201528261012082015282610140820152826101608201520152565b60048210156108325752565b35611f878161024c565b90565b606435611f87816119f6565b604435611f87816119f6565b608435611f87816119f6565b35611f87816119f6565b6001600160a01b039182168152911660208201526001600160801b039091166040820152606081019190915260a060808201819052810183905260c09290918190848401375f828201840152601f01601f1916010190565b6040513d5f823e3d90fd5b634e487b7160e01b5f52601160045260245ffd5b906001600160801b03809116911601906001600160801b03821161204f57565b61201b565b9060048110156108325760ff80198354169116179055565b9b99956120e361213d9a9660e29f9d9a968f6120ce602e9261210b996121299e996120f79961ffff60f01b9060f01b16855260028501526001600160401b0360c01b9060c01b166022840152602a83019063ffffffff60e01b9060e01b169052565b60e09290921b6001600160e01b031916910152565b60c01b6001600160c01b03191660328d0152565b60c01b6001600160c01b031916603a8b0152565b6042890152606288015260801b6001600160801b0319166082870152565b60801b6001600160801b0319166092850152565b60a283015260c28201520190565b805161ffff1690602081015191604082015161216d906001600160401b031690565b9060608301516121809063ffffffff1690565b9260808101516121939063ffffffff1690565b9060a08101516121a9906001600160401b031690565b60c08201516001600160401b031660e0830151610100840151906101208501516121d9906001600160801b031690565b926101408601516121f0906001600160801b031690565b94610160870151966101800151976040519b8c9b60208d019e8f9c6122149d61206c565b03601f19810182526122269082611974565b51902090565b63ffffffff16468114908115612240575090565b90505f52600160205260ff60405f20541690565b335f9081527fad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5602052604090205460ff161561228c57565b63e2517d3f60e01b5f52336004525f60245260445ffd5b35611f87816119da565b35611f8781610199565b906001600160801b03809116911603906001600160801b03821161204f57565b908160209103126101a7575190565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b91926123526101009463ffffffff611f8798979416855260208501906001600160801b0360608092805185526020810151602086015260408101516040860152015116910152565b60a08301526001600160a01b031660c082015260e0810182905201906122e6565b90926123b960e09363ffffffff611f87979616845260208401906001600160801b0360608092805185526020810151602086015260408101516040860152015116910152565b60a08201528160c082015201906122e6565b5f9392916123de6102ee60c083016122a3565b42111580612629575b806125f2575b610694576123fe61031a3683611a12565b820361068557426124146102ee60a084016122a3565b116106765761242b825f52600260205260405f2090565b92612436828561320e565b612442608083016122ad565b63ffffffff4691160361066757612461835f52600360205260405f2090565b916124a061247f6124756101208401611fae565b855460801c61039c565b865460ff19166002178755936103c8856103c383546001600160801b031690565b60608101466124b16103f4836122ad565b0361252057505050346104be57817f28017a0609035a77108326b64f016021a0038d4c57b91f7eedf7283182999bbc6124f68561046561044660018b99015460601c90565b0390a35b7f0b751d7bc7e902e8c7f5ae3b5a5cfaf6469fadd348681b2cdf779031fb629adc5f80a3565b909260209497506125669295506125619060e0868601359501356125426119a5565b958a875287870152604086015260608501906001600160801b03169052565b6122ad565b61258e6125723361052d565b9460405195869485946305a19a6b60e11b865260048601612373565b0381347f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af19081156105ca575f916125d3575b5080926124fa565b6125ec915060203d6020116105c3576105b58183611974565b5f6125cb565b506125ff606082016122ad565b63ffffffff16461480612613575b156123ed565b503360208201356001600160a01b03161461260d565b50336101608201356001600160a01b031614156123e7565b35611f87816119c3565b60808091805184526001600160801b0360208201511660208501526001600160801b036040820151166040850152606081015160608501520151910152565b91926126ab6101209463ffffffff611f87989794168552602085019061264b565b60c08301526001600160a01b031660e0820152610100810182905201906122e6565b90926126ed6101009363ffffffff611f879796168452602084019061264b565b60c08201528160e082015201906122e6565b5f949361270f61031a3685611a12565b820361068557612721608084016122ad565b63ffffffff469116036106675761273a60c084016122a3565b6001600160401b03429116106115a957600161ffff61275885612641565b160361159a574261276e6102ee60a086016122a3565b11610676576001600160801b0361278485611fae565b161561158b576101808301356001600160a01b03168015159081612a3f575b5061069457612823936127be835f52600260205260405f2090565b916127c9858461320e565b6127db845f52600360205260405f2090565b946103c86128696127ef6101208401611fae565b9761283a61282f6128036101408701611fae565b9a61280f845460801c90565b9b600185019d8e546001600160801b031690565b9c8d91610de18c611fae565b809d9296919c61202f565b612849896103c3835460801c90565b81546001600160801b031660809190911b6001600160801b031916179055565b15612a1d57835460ff191660031784556040518581527fc1471de81880c1b225e1d454a583a6f0fde1f88fb0f03ca678be2a3656c0f7c290602090a15b6128cc6001600160a01b03610100830135166001600160a01b0361016084013516611315565b6060810191466128de6103f4856122ad565b0361291a57505050346104be57869461138061291592610455602061137160015f51602061338f5f395f51905f5298015460601c90565b0390a4565b91985060209350838301359260409160e001356129356119b4565b8781526001600160801b03891687820152946001600160801b038a168685015260608601526080850152013580612a10575061299861297c6129763361052d565b996122ad565b60405163d47d420560e01b8152998a94859492600486016126cd565b0381347f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af19485156105ca57612915955f51602061338f5f395f51905f52915f916129f1575b50958694611380565b612a0a915060203d6020116105c3576105b58183611974565b5f6129e8565b61297c61299891996122ad565b835460ff16612a2b81610828565b6128a657835460ff191660011784556128a6565b90503314155f6127a3565b6001600160401b03166001600160401b03811461204f5760010190565b90610180600591612a828151612a7c81610828565b85612054565b612aac612a94602083015161ffff1690565b855462ffff00191660089190911b62ffff0016178555565b6040810151612ae4906001600160a01b031685546301000000600160b81b03191660189190911b6301000000600160b81b0316178555565b612b23612afb60608301516001600160401b031690565b855467ffffffffffffffff60b81b191660b89190911b67ffffffffffffffff60b81b16178555565b612c0060018501612b54612b3e608085015163ffffffff1690565b825463ffffffff191663ffffffff909116178255565b612b8a612b6860a085015163ffffffff1690565b825467ffffffff00000000191660209190911b67ffffffff0000000016178255565b612bc8612b9e60c085015163ffffffff1690565b82546bffffffff0000000000000000191660409190911b6bffffffff000000000000000016178255565b60e08301516001600160a01b031681546bffffffffffffffffffffffff1660609190911b6bffffffffffffffffffffffff1916179055565b6101008101516002850155612c3e60038501612c2a6117696101208501516001600160801b031690565b6101408301516001600160801b0316612849565b61016081015160048501550151910155565b9061010082016001600160a01b03612c6782611f7d565b1615612fe7576020830192612c7b846122ad565b63ffffffff42911610612fd857608081016001600160801b03612c9d82611fae565b1615612fc95760a0820192612cb4610df685611fae565b15612fba5760c0830135928315612fab5760e081013594848614612f9c57612cdb826122ad565b63ffffffff16461480612f81575b612f7257612d00612cfc611bd3846122ad565b1590565b61066757612d0d83611f7d565b6001600160a01b03165f908152600460205260409020928354612d36906001600160401b031690565b93612d4085612a4a565b815467ffffffffffffffff19166001600160401b03909116179055612d6481611f7d565b92612d6e816122ad565b96612d788b6122ad565b956040830198612d878a611f7d565b606085013598612d968b611fae565b92612da089611fae565b94612da9611995565b600181529a600160208d01526001600160a01b031660408c01526001600160401b031660608b015263ffffffff1660808a015263ffffffff421660a08a015263ffffffff1660c08901526001600160a01b031660e088015261010087018890526001600160801b03166101208701526001600160801b031661014086015261016085015287610180850152612e3d846130d7565b612e469061214b565b99612e598b5f52600260205260405f2090565b5460ff16612e6681610828565b612f63577fbf2b26246c7c9d256de05b7dbd48ebf43c20cc61ca4a2c684ace2c8b9d4cf23b95612f06612f00612efa612ef48f612ee8612915998f8f612ede63ffffffff9f612ed8612ed394612ed3610df693612ece612eee9b5f52600260205260405f2090565b612a67565b611f7d565b92611fae565b9030903390613272565b9d611f7d565b9b611fae565b956122ad565b96611fae565b926122ad565b604080518e81523360208201526001600160a01b039a8b16918101919091526001600160801b03948516606082015260808101929092529190921660a083015263ffffffff1660c0820152929091169490931692819060e0820190565b63966753c560e01b5f5260045ffd5b63f76889bd60e01b5f5260045ffd5b506060820135612f9661052d60408501611f7d565b14612ce9565b63af24067760e01b5f5260045ffd5b634e46966960e11b5f5260045ffd5b63427fe21b60e01b5f5260045ffd5b6340561e0d60e01b5f5260045ffd5b631da7447960e21b5f5260045ffd5b63581fa8e360e11b5f5260045ffd5b91909261300690959495846122b7565b6001600160801b0381166001600160801b038716101595865f1461308f5750915b8293865f1461303e575061303b92506122b7565b91565b91506001600160801b0380911692169182810292818404149015171561204f576001600160801b0316801561307b576001600160801b0391041691565b634e487b7160e01b5f52601260045260245ffd5b905091613027565b60405163a9059cbb60e01b60208201526001600160a01b0390921660248301526044808301939093529181526101b6916130d2606483611974565b6132cb565b6130df611f01565b5060208101516040820151606083015161ffff909216926001600160a01b03909116916001600160401b0316608082015163ffffffff1660a083015163ffffffff1660c084015163ffffffff1660e08501516001600160a01b03166001600160a01b03169061010086015192610120870151613161906001600160801b031690565b94610140880151613178906001600160801b031690565b966101608901519861018001519961318e611995565b61ffff909c168c5260208c01526001600160401b031660408b015263ffffffff461660608b015263ffffffff1660808a015263ffffffff1660a089015263ffffffff1660c088015260e08701526101008601526001600160801b03166101208501526001600160801b031661014084015261016083015261018082015290565b906060013561321c81610199565b63ffffffff1646036132415760ff600191541661323881610828565b145b15610fce57565b5460ff1661324e81610828565b60018114908115613260575b5061323a565b905061326b81610828565b155f61325a565b6040516323b872dd60e01b60208201526001600160a01b0392831660248201529290911660448301526064808301939093529181526101b6916130d2608483611974565b908160209103126101a75751611f87816101b8565b90813b1561336d575f816020829351910182855af13d15613365573d906132f182611eb0565b916132ff6040519384611974565b82523d5f602084013e5b1561335d57805190811515918261333f575b50506133245750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b613356925090602080612cfc9383010191016132b6565b5f8061331b565b602081519101fd5b606090613309565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fdfe57d1a3cf57a9c4366f500629bd1fde6ce23e451a0d8ca216493b9db7f37a08d2ad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5",
}

// OrderBookABI is the input ABI used to generate the binding from.
// Deprecated: Use OrderBookMetaData.ABI instead.
var OrderBookABI = OrderBookMetaData.ABI

// OrderBookBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use OrderBookMetaData.Bin instead.
var OrderBookBin = OrderBookMetaData.Bin

// DeployOrderBook deploys a new Ethereum contract, binding an instance of OrderBook to it.
func DeployOrderBook(auth *bind.TransactOpts, backend bind.ContractBackend, portal_ common.Address, admin common.Address) (common.Address, *types.Transaction, *OrderBook, error) {
	parsed, err := OrderBookMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(OrderBookBin), backend, portal_, admin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &OrderBook{OrderBookCaller: OrderBookCaller{contract: contract}, OrderBookTransactor: OrderBookTransactor{contract: contract}, OrderBookFilterer: OrderBookFilterer{contract: contract}}, nil
}

// OrderBook is an auto generated Go binding around an Ethereum contract.
type OrderBook struct {
	OrderBookCaller     // Read-only binding to the contract
	OrderBookTransactor // Write-only binding to the contract
	OrderBookFilterer   // Log filterer for contract events
}

// OrderBookCaller is an auto generated read-only Go binding around an Ethereum contract.
type OrderBookCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// OrderBookTransactor is an auto generated write-only Go binding around an Ethereum contract.
type OrderBookTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// OrderBookFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type OrderBookFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// OrderBookSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type OrderBookSession struct {
	Contract     *OrderBook        // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// OrderBookCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type OrderBookCallerSession struct {
	Contract *OrderBookCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts    // Call options to use throughout this session
}

// OrderBookTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type OrderBookTransactorSession struct {
	Contract     *OrderBookTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts    // Transaction auth options to use throughout this session
}

// OrderBookRaw is an auto generated low-level Go binding around an Ethereum contract.
type OrderBookRaw struct {
	Contract *OrderBook // Generic contract binding to access the raw methods on
}

// OrderBookCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type OrderBookCallerRaw struct {
	Contract *OrderBookCaller // Generic read-only contract binding to access the raw methods on
}

// OrderBookTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type OrderBookTransactorRaw struct {
	Contract *OrderBookTransactor // Generic write-only contract binding to access the raw methods on
}

// NewOrderBook creates a new instance of OrderBook, bound to a specific deployed contract.
func NewOrderBook(address common.Address, backend bind.ContractBackend) (*OrderBook, error) {
	contract, err := bindOrderBook(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &OrderBook{OrderBookCaller: OrderBookCaller{contract: contract}, OrderBookTransactor: OrderBookTransactor{contract: contract}, OrderBookFilterer: OrderBookFilterer{contract: contract}}, nil
}

// NewOrderBookCaller creates a new read-only instance of OrderBook, bound to a specific deployed contract.
func NewOrderBookCaller(address common.Address, caller bind.ContractCaller) (*OrderBookCaller, error) {
	contract, err := bindOrderBook(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &OrderBookCaller{contract: contract}, nil
}

// NewOrderBookTransactor creates a new write-only instance of OrderBook, bound to a specific deployed contract.
func NewOrderBookTransactor(address common.Address, transactor bind.ContractTransactor) (*OrderBookTransactor, error) {
	contract, err := bindOrderBook(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &OrderBookTransactor{contract: contract}, nil
}

// NewOrderBookFilterer creates a new log filterer instance of OrderBook, bound to a specific deployed contract.
func NewOrderBookFilterer(address common.Address, filterer bind.ContractFilterer) (*OrderBookFilterer, error) {
	contract, err := bindOrderBook(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &OrderBookFilterer{contract: contract}, nil
}

// bindOrderBook binds a generic wrapper to an already deployed contract.
func bindOrderBook(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := OrderBookMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_OrderBook *OrderBookRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _OrderBook.Contract.OrderBookCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_OrderBook *OrderBookRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _OrderBook.Contract.OrderBookTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_OrderBook *OrderBookRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _OrderBook.Contract.OrderBookTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_OrderBook *OrderBookCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _OrderBook.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_OrderBook *OrderBookTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _OrderBook.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_OrderBook *OrderBookTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _OrderBook.Contract.contract.Transact(opts, method, params...)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_OrderBook *OrderBookCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_OrderBook *OrderBookSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _OrderBook.Contract.DEFAULTADMINROLE(&_OrderBook.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_OrderBook *OrderBookCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _OrderBook.Contract.DEFAULTADMINROLE(&_OrderBook.CallOpts)
}

// VERSION is a free data retrieval call binding the contract method 0xffa1ad74.
//
// Solidity: function VERSION() view returns(uint16)
func (_OrderBook *OrderBookCaller) VERSION(opts *bind.CallOpts) (uint16, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "VERSION")

	if err != nil {
		return *new(uint16), err
	}

	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)

	return out0, err

}

// VERSION is a free data retrieval call binding the contract method 0xffa1ad74.
//
// Solidity: function VERSION() view returns(uint16)
func (_OrderBook *OrderBookSession) VERSION() (uint16, error) {
	return _OrderBook.Contract.VERSION(&_OrderBook.CallOpts)
}

// VERSION is a free data retrieval call binding the contract method 0xffa1ad74.
//
// Solidity: function VERSION() view returns(uint16)
func (_OrderBook *OrderBookCallerSession) VERSION() (uint16, error) {
	return _OrderBook.Contract.VERSION(&_OrderBook.CallOpts)
}

// GetFilledAmounts is a free data retrieval call binding the contract method 0xbf3e6eaf.
//
// Solidity: function getFilledAmounts(bytes32 orderId) view returns((uint128,uint128,uint128))
func (_OrderBook *OrderBookCaller) GetFilledAmounts(opts *bind.CallOpts, orderId [32]byte) (FilledAmounts, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "getFilledAmounts", orderId)

	if err != nil {
		return *new(FilledAmounts), err
	}

	out0 := *abi.ConvertType(out[0], new(FilledAmounts)).(*FilledAmounts)

	return out0, err

}

// GetFilledAmounts is a free data retrieval call binding the contract method 0xbf3e6eaf.
//
// Solidity: function getFilledAmounts(bytes32 orderId) view returns((uint128,uint128,uint128))
func (_OrderBook *OrderBookSession) GetFilledAmounts(orderId [32]byte) (FilledAmounts, error) {
	return _OrderBook.Contract.GetFilledAmounts(&_OrderBook.CallOpts, orderId)
}

// GetFilledAmounts is a free data retrieval call binding the contract method 0xbf3e6eaf.
//
// Solidity: function getFilledAmounts(bytes32 orderId) view returns((uint128,uint128,uint128))
func (_OrderBook *OrderBookCallerSession) GetFilledAmounts(orderId [32]byte) (FilledAmounts, error) {
	return _OrderBook.Contract.GetFilledAmounts(&_OrderBook.CallOpts, orderId)
}

// GetOrder is a free data retrieval call binding the contract method 0x5778472a.
//
// Solidity: function getOrder(bytes32 orderId) view returns((uint8,uint16,address,uint64,uint32,uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32))
func (_OrderBook *OrderBookCaller) GetOrder(opts *bind.CallOpts, orderId [32]byte) (Order, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "getOrder", orderId)

	if err != nil {
		return *new(Order), err
	}

	out0 := *abi.ConvertType(out[0], new(Order)).(*Order)

	return out0, err

}

// GetOrder is a free data retrieval call binding the contract method 0x5778472a.
//
// Solidity: function getOrder(bytes32 orderId) view returns((uint8,uint16,address,uint64,uint32,uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32))
func (_OrderBook *OrderBookSession) GetOrder(orderId [32]byte) (Order, error) {
	return _OrderBook.Contract.GetOrder(&_OrderBook.CallOpts, orderId)
}

// GetOrder is a free data retrieval call binding the contract method 0x5778472a.
//
// Solidity: function getOrder(bytes32 orderId) view returns((uint8,uint16,address,uint64,uint32,uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32))
func (_OrderBook *OrderBookCallerSession) GetOrder(orderId [32]byte) (Order, error) {
	return _OrderBook.Contract.GetOrder(&_OrderBook.CallOpts, orderId)
}

// GetOrderData is a free data retrieval call binding the contract method 0xfb4d3144.
//
// Solidity: function getOrderData(bytes32 orderId) view returns((uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) data)
func (_OrderBook *OrderBookCaller) GetOrderData(opts *bind.CallOpts, orderId [32]byte) (OrderData, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "getOrderData", orderId)

	if err != nil {
		return *new(OrderData), err
	}

	out0 := *abi.ConvertType(out[0], new(OrderData)).(*OrderData)

	return out0, err

}

// GetOrderData is a free data retrieval call binding the contract method 0xfb4d3144.
//
// Solidity: function getOrderData(bytes32 orderId) view returns((uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) data)
func (_OrderBook *OrderBookSession) GetOrderData(orderId [32]byte) (OrderData, error) {
	return _OrderBook.Contract.GetOrderData(&_OrderBook.CallOpts, orderId)
}

// GetOrderData is a free data retrieval call binding the contract method 0xfb4d3144.
//
// Solidity: function getOrderData(bytes32 orderId) view returns((uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) data)
func (_OrderBook *OrderBookCallerSession) GetOrderData(orderId [32]byte) (OrderData, error) {
	return _OrderBook.Contract.GetOrderData(&_OrderBook.CallOpts, orderId)
}

// GetOrderId is a free data retrieval call binding the contract method 0xe52d2582.
//
// Solidity: function getOrderId((uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) d) pure returns(bytes32)
func (_OrderBook *OrderBookCaller) GetOrderId(opts *bind.CallOpts, d OrderData) ([32]byte, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "getOrderId", d)

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// GetOrderId is a free data retrieval call binding the contract method 0xe52d2582.
//
// Solidity: function getOrderId((uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) d) pure returns(bytes32)
func (_OrderBook *OrderBookSession) GetOrderId(d OrderData) ([32]byte, error) {
	return _OrderBook.Contract.GetOrderId(&_OrderBook.CallOpts, d)
}

// GetOrderId is a free data retrieval call binding the contract method 0xe52d2582.
//
// Solidity: function getOrderId((uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) d) pure returns(bytes32)
func (_OrderBook *OrderBookCallerSession) GetOrderId(d OrderData) ([32]byte, error) {
	return _OrderBook.Contract.GetOrderId(&_OrderBook.CallOpts, d)
}

// GetSenderNonce is a free data retrieval call binding the contract method 0x856c8247.
//
// Solidity: function getSenderNonce(address sender) view returns(uint64)
func (_OrderBook *OrderBookCaller) GetSenderNonce(opts *bind.CallOpts, sender common.Address) (uint64, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "getSenderNonce", sender)

	if err != nil {
		return *new(uint64), err
	}

	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)

	return out0, err

}

// GetSenderNonce is a free data retrieval call binding the contract method 0x856c8247.
//
// Solidity: function getSenderNonce(address sender) view returns(uint64)
func (_OrderBook *OrderBookSession) GetSenderNonce(sender common.Address) (uint64, error) {
	return _OrderBook.Contract.GetSenderNonce(&_OrderBook.CallOpts, sender)
}

// GetSenderNonce is a free data retrieval call binding the contract method 0x856c8247.
//
// Solidity: function getSenderNonce(address sender) view returns(uint64)
func (_OrderBook *OrderBookCallerSession) GetSenderNonce(sender common.Address) (uint64, error) {
	return _OrderBook.Contract.GetSenderNonce(&_OrderBook.CallOpts, sender)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_OrderBook *OrderBookCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_OrderBook *OrderBookSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _OrderBook.Contract.HasRole(&_OrderBook.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_OrderBook *OrderBookCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _OrderBook.Contract.HasRole(&_OrderBook.CallOpts, role, account)
}

// IsDestinationSupported is a free data retrieval call binding the contract method 0xe7bba292.
//
// Solidity: function isDestinationSupported(uint32 destChainId) view returns(bool)
func (_OrderBook *OrderBookCaller) IsDestinationSupported(opts *bind.CallOpts, destChainId uint32) (bool, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "isDestinationSupported", destChainId)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsDestinationSupported is a free data retrieval call binding the contract method 0xe7bba292.
//
// Solidity: function isDestinationSupported(uint32 destChainId) view returns(bool)
func (_OrderBook *OrderBookSession) IsDestinationSupported(destChainId uint32) (bool, error) {
	return _OrderBook.Contract.IsDestinationSupported(&_OrderBook.CallOpts, destChainId)
}

// IsDestinationSupported is a free data retrieval call binding the contract method 0xe7bba292.
//
// Solidity: function isDestinationSupported(uint32 destChainId) view returns(bool)
func (_OrderBook *OrderBookCallerSession) IsDestinationSupported(destChainId uint32) (bool, error) {
	return _OrderBook.Contract.IsDestinationSupported(&_OrderBook.CallOpts, destChainId)
}

// Portal is a free data retrieval call binding the contract method 0x6425666b.
//
// Solidity: function portal() view returns(address)
func (_OrderBook *OrderBookCaller) Portal(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _OrderBook.contract.Call(opts, &out, "portal")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Portal is a free data retrieval call binding the contract method 0x6425666b.
//
// Solidity: function portal() view returns(address)
func (_OrderBook *OrderBookSession) Portal() (common.Address, error) {
	return _OrderBook.Contract.Portal(&_OrderBook.CallOpts)
}

// Portal is a free data retrieval call binding the contract method 0x6425666b.
//
// Solidity: function portal() view returns(address)
func (_OrderBook *OrderBookCallerSession) Portal() (common.Address, error) {
	return _OrderBook.Contract.Portal(&_OrderBook.CallOpts)
}

// CancelOrder is a paid mutator transaction binding the contract method 0x1bb864ad.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData) payable returns(bytes32)
func (_OrderBook *OrderBookTransactor) CancelOrder(opts *bind.TransactOpts, orderId [32]byte, orderData OrderData) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "cancelOrder", orderId, orderData)
}

// CancelOrder is a paid mutator transaction binding the contract method 0x1bb864ad.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData) payable returns(bytes32)
func (_OrderBook *OrderBookSession) CancelOrder(orderId [32]byte, orderData OrderData) (*types.Transaction, error) {
	return _OrderBook.Contract.CancelOrder(&_OrderBook.TransactOpts, orderId, orderData)
}

// CancelOrder is a paid mutator transaction binding the contract method 0x1bb864ad.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData) payable returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) CancelOrder(orderId [32]byte, orderData OrderData) (*types.Transaction, error) {
	return _OrderBook.Contract.CancelOrder(&_OrderBook.TransactOpts, orderId, orderData)
}

// CancelOrder0 is a paid mutator transaction binding the contract method 0x274cd021.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactor) CancelOrder0(opts *bind.TransactOpts, orderId [32]byte, orderData OrderData, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "cancelOrder0", orderId, orderData, bridgeAdapter, bridgeAdapterArgs)
}

// CancelOrder0 is a paid mutator transaction binding the contract method 0x274cd021.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookSession) CancelOrder0(orderId [32]byte, orderData OrderData, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.CancelOrder0(&_OrderBook.TransactOpts, orderId, orderData, bridgeAdapter, bridgeAdapterArgs)
}

// CancelOrder0 is a paid mutator transaction binding the contract method 0x274cd021.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) CancelOrder0(orderId [32]byte, orderData OrderData, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.CancelOrder0(&_OrderBook.TransactOpts, orderId, orderData, bridgeAdapter, bridgeAdapterArgs)
}

// CancelOrder1 is a paid mutator transaction binding the contract method 0x7b3e6be3.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactor) CancelOrder1(opts *bind.TransactOpts, orderId [32]byte, orderData OrderData, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "cancelOrder1", orderId, orderData, bridgeAdapterArgs)
}

// CancelOrder1 is a paid mutator transaction binding the contract method 0x7b3e6be3.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookSession) CancelOrder1(orderId [32]byte, orderData OrderData, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.CancelOrder1(&_OrderBook.TransactOpts, orderId, orderData, bridgeAdapterArgs)
}

// CancelOrder1 is a paid mutator transaction binding the contract method 0x7b3e6be3.
//
// Solidity: function cancelOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) CancelOrder1(orderId [32]byte, orderData OrderData, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.CancelOrder1(&_OrderBook.TransactOpts, orderId, orderData, bridgeAdapterArgs)
}

// FillOrder is a paid mutator transaction binding the contract method 0x30b00889.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams) payable returns(bytes32)
func (_OrderBook *OrderBookTransactor) FillOrder(opts *bind.TransactOpts, orderId [32]byte, orderData OrderData, fillParams FillParams) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "fillOrder", orderId, orderData, fillParams)
}

// FillOrder is a paid mutator transaction binding the contract method 0x30b00889.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams) payable returns(bytes32)
func (_OrderBook *OrderBookSession) FillOrder(orderId [32]byte, orderData OrderData, fillParams FillParams) (*types.Transaction, error) {
	return _OrderBook.Contract.FillOrder(&_OrderBook.TransactOpts, orderId, orderData, fillParams)
}

// FillOrder is a paid mutator transaction binding the contract method 0x30b00889.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams) payable returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) FillOrder(orderId [32]byte, orderData OrderData, fillParams FillParams) (*types.Transaction, error) {
	return _OrderBook.Contract.FillOrder(&_OrderBook.TransactOpts, orderId, orderData, fillParams)
}

// FillOrder0 is a paid mutator transaction binding the contract method 0xb3836dcd.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactor) FillOrder0(opts *bind.TransactOpts, orderId [32]byte, orderData OrderData, fillParams FillParams, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "fillOrder0", orderId, orderData, fillParams, bridgeAdapterArgs)
}

// FillOrder0 is a paid mutator transaction binding the contract method 0xb3836dcd.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookSession) FillOrder0(orderId [32]byte, orderData OrderData, fillParams FillParams, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.FillOrder0(&_OrderBook.TransactOpts, orderId, orderData, fillParams, bridgeAdapterArgs)
}

// FillOrder0 is a paid mutator transaction binding the contract method 0xb3836dcd.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) FillOrder0(orderId [32]byte, orderData OrderData, fillParams FillParams, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.FillOrder0(&_OrderBook.TransactOpts, orderId, orderData, fillParams, bridgeAdapterArgs)
}

// FillOrder1 is a paid mutator transaction binding the contract method 0xcd829753.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactor) FillOrder1(opts *bind.TransactOpts, orderId [32]byte, orderData OrderData, fillParams FillParams, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "fillOrder1", orderId, orderData, fillParams, bridgeAdapter, bridgeAdapterArgs)
}

// FillOrder1 is a paid mutator transaction binding the contract method 0xcd829753.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookSession) FillOrder1(orderId [32]byte, orderData OrderData, fillParams FillParams, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.FillOrder1(&_OrderBook.TransactOpts, orderId, orderData, fillParams, bridgeAdapter, bridgeAdapterArgs)
}

// FillOrder1 is a paid mutator transaction binding the contract method 0xcd829753.
//
// Solidity: function fillOrder(bytes32 orderId, (uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32) orderData, (uint128,bytes32,bytes32) fillParams, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) FillOrder1(orderId [32]byte, orderData OrderData, fillParams FillParams, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.FillOrder1(&_OrderBook.TransactOpts, orderId, orderData, fillParams, bridgeAdapter, bridgeAdapterArgs)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_OrderBook *OrderBookTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_OrderBook *OrderBookSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _OrderBook.Contract.GrantRole(&_OrderBook.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_OrderBook *OrderBookTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _OrderBook.Contract.GrantRole(&_OrderBook.TransactOpts, role, account)
}

// OpenOrder is a paid mutator transaction binding the contract method 0x3c48b0a2.
//
// Solidity: function openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params) returns(bytes32)
func (_OrderBook *OrderBookTransactor) OpenOrder(opts *bind.TransactOpts, params OrderParams) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "openOrder", params)
}

// OpenOrder is a paid mutator transaction binding the contract method 0x3c48b0a2.
//
// Solidity: function openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params) returns(bytes32)
func (_OrderBook *OrderBookSession) OpenOrder(params OrderParams) (*types.Transaction, error) {
	return _OrderBook.Contract.OpenOrder(&_OrderBook.TransactOpts, params)
}

// OpenOrder is a paid mutator transaction binding the contract method 0x3c48b0a2.
//
// Solidity: function openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params) returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) OpenOrder(params OrderParams) (*types.Transaction, error) {
	return _OrderBook.Contract.OpenOrder(&_OrderBook.TransactOpts, params)
}

// OpenOrderWithPermit is a paid mutator transaction binding the contract method 0x9f469042.
//
// Solidity: function openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params, uint256 deadline, bytes permitSignature) returns(bytes32)
func (_OrderBook *OrderBookTransactor) OpenOrderWithPermit(opts *bind.TransactOpts, params OrderParams, deadline *big.Int, permitSignature []byte) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "openOrderWithPermit", params, deadline, permitSignature)
}

// OpenOrderWithPermit is a paid mutator transaction binding the contract method 0x9f469042.
//
// Solidity: function openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params, uint256 deadline, bytes permitSignature) returns(bytes32)
func (_OrderBook *OrderBookSession) OpenOrderWithPermit(params OrderParams, deadline *big.Int, permitSignature []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.OpenOrderWithPermit(&_OrderBook.TransactOpts, params, deadline, permitSignature)
}

// OpenOrderWithPermit is a paid mutator transaction binding the contract method 0x9f469042.
//
// Solidity: function openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params, uint256 deadline, bytes permitSignature) returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) OpenOrderWithPermit(params OrderParams, deadline *big.Int, permitSignature []byte) (*types.Transaction, error) {
	return _OrderBook.Contract.OpenOrderWithPermit(&_OrderBook.TransactOpts, params, deadline, permitSignature)
}

// OpenOrderWithPermit0 is a paid mutator transaction binding the contract method 0xddd892e1.
//
// Solidity: function openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns(bytes32)
func (_OrderBook *OrderBookTransactor) OpenOrderWithPermit0(opts *bind.TransactOpts, params OrderParams, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "openOrderWithPermit0", params, deadline, v, r, s)
}

// OpenOrderWithPermit0 is a paid mutator transaction binding the contract method 0xddd892e1.
//
// Solidity: function openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns(bytes32)
func (_OrderBook *OrderBookSession) OpenOrderWithPermit0(params OrderParams, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _OrderBook.Contract.OpenOrderWithPermit0(&_OrderBook.TransactOpts, params, deadline, v, r, s)
}

// OpenOrderWithPermit0 is a paid mutator transaction binding the contract method 0xddd892e1.
//
// Solidity: function openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address) params, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns(bytes32)
func (_OrderBook *OrderBookTransactorSession) OpenOrderWithPermit0(params OrderParams, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _OrderBook.Contract.OpenOrderWithPermit0(&_OrderBook.TransactOpts, params, deadline, v, r, s)
}

// ReportCancel is a paid mutator transaction binding the contract method 0xd56f32cd.
//
// Solidity: function reportCancel(uint32 sourceChainId, (bytes32,bytes32,bytes32,uint128) report) returns()
func (_OrderBook *OrderBookTransactor) ReportCancel(opts *bind.TransactOpts, sourceChainId uint32, report CancelReport) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "reportCancel", sourceChainId, report)
}

// ReportCancel is a paid mutator transaction binding the contract method 0xd56f32cd.
//
// Solidity: function reportCancel(uint32 sourceChainId, (bytes32,bytes32,bytes32,uint128) report) returns()
func (_OrderBook *OrderBookSession) ReportCancel(sourceChainId uint32, report CancelReport) (*types.Transaction, error) {
	return _OrderBook.Contract.ReportCancel(&_OrderBook.TransactOpts, sourceChainId, report)
}

// ReportCancel is a paid mutator transaction binding the contract method 0xd56f32cd.
//
// Solidity: function reportCancel(uint32 sourceChainId, (bytes32,bytes32,bytes32,uint128) report) returns()
func (_OrderBook *OrderBookTransactorSession) ReportCancel(sourceChainId uint32, report CancelReport) (*types.Transaction, error) {
	return _OrderBook.Contract.ReportCancel(&_OrderBook.TransactOpts, sourceChainId, report)
}

// ReportFill is a paid mutator transaction binding the contract method 0xa46f8a2b.
//
// Solidity: function reportFill(uint32 sourceChainId, (bytes32,uint128,uint128,bytes32,bytes32) report) returns()
func (_OrderBook *OrderBookTransactor) ReportFill(opts *bind.TransactOpts, sourceChainId uint32, report FillReport) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "reportFill", sourceChainId, report)
}

// ReportFill is a paid mutator transaction binding the contract method 0xa46f8a2b.
//
// Solidity: function reportFill(uint32 sourceChainId, (bytes32,uint128,uint128,bytes32,bytes32) report) returns()
func (_OrderBook *OrderBookSession) ReportFill(sourceChainId uint32, report FillReport) (*types.Transaction, error) {
	return _OrderBook.Contract.ReportFill(&_OrderBook.TransactOpts, sourceChainId, report)
}

// ReportFill is a paid mutator transaction binding the contract method 0xa46f8a2b.
//
// Solidity: function reportFill(uint32 sourceChainId, (bytes32,uint128,uint128,bytes32,bytes32) report) returns()
func (_OrderBook *OrderBookTransactorSession) ReportFill(sourceChainId uint32, report FillReport) (*types.Transaction, error) {
	return _OrderBook.Contract.ReportFill(&_OrderBook.TransactOpts, sourceChainId, report)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_OrderBook *OrderBookTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_OrderBook *OrderBookSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _OrderBook.Contract.RevokeRole(&_OrderBook.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_OrderBook *OrderBookTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _OrderBook.Contract.RevokeRole(&_OrderBook.TransactOpts, role, account)
}

// SetDestinationSupported is a paid mutator transaction binding the contract method 0x13e7f795.
//
// Solidity: function setDestinationSupported(uint32 destChainId, bool isSupported) returns()
func (_OrderBook *OrderBookTransactor) SetDestinationSupported(opts *bind.TransactOpts, destChainId uint32, isSupported bool) (*types.Transaction, error) {
	return _OrderBook.contract.Transact(opts, "setDestinationSupported", destChainId, isSupported)
}

// SetDestinationSupported is a paid mutator transaction binding the contract method 0x13e7f795.
//
// Solidity: function setDestinationSupported(uint32 destChainId, bool isSupported) returns()
func (_OrderBook *OrderBookSession) SetDestinationSupported(destChainId uint32, isSupported bool) (*types.Transaction, error) {
	return _OrderBook.Contract.SetDestinationSupported(&_OrderBook.TransactOpts, destChainId, isSupported)
}

// SetDestinationSupported is a paid mutator transaction binding the contract method 0x13e7f795.
//
// Solidity: function setDestinationSupported(uint32 destChainId, bool isSupported) returns()
func (_OrderBook *OrderBookTransactorSession) SetDestinationSupported(destChainId uint32, isSupported bool) (*types.Transaction, error) {
	return _OrderBook.Contract.SetDestinationSupported(&_OrderBook.TransactOpts, destChainId, isSupported)
}

// OrderBookCancelReportedIterator is returned from FilterCancelReported and is used to iterate over the raw logs and unpacked data for CancelReported events raised by the OrderBook contract.
type OrderBookCancelReportedIterator struct {
	Event *OrderBookCancelReported // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookCancelReportedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookCancelReported)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookCancelReported)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookCancelReportedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookCancelReportedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookCancelReported represents a CancelReported event raised by the OrderBook contract.
type OrderBookCancelReported struct {
	OrderId [32]byte
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterCancelReported is a free log retrieval operation binding the contract event 0x0d38d163e5357090162a83e17ece41e0400d55d343f8ba4d4db96d4bf0ae81c1.
//
// Solidity: event CancelReported(bytes32 indexed orderId)
func (_OrderBook *OrderBookFilterer) FilterCancelReported(opts *bind.FilterOpts, orderId [][32]byte) (*OrderBookCancelReportedIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "CancelReported", orderIdRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookCancelReportedIterator{contract: _OrderBook.contract, event: "CancelReported", logs: logs, sub: sub}, nil
}

// WatchCancelReported is a free log subscription operation binding the contract event 0x0d38d163e5357090162a83e17ece41e0400d55d343f8ba4d4db96d4bf0ae81c1.
//
// Solidity: event CancelReported(bytes32 indexed orderId)
func (_OrderBook *OrderBookFilterer) WatchCancelReported(opts *bind.WatchOpts, sink chan<- *OrderBookCancelReported, orderId [][32]byte) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "CancelReported", orderIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookCancelReported)
				if err := _OrderBook.contract.UnpackLog(event, "CancelReported", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseCancelReported is a log parse operation binding the contract event 0x0d38d163e5357090162a83e17ece41e0400d55d343f8ba4d4db96d4bf0ae81c1.
//
// Solidity: event CancelReported(bytes32 indexed orderId)
func (_OrderBook *OrderBookFilterer) ParseCancelReported(log types.Log) (*OrderBookCancelReported, error) {
	event := new(OrderBookCancelReported)
	if err := _OrderBook.contract.UnpackLog(event, "CancelReported", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookDestinationSupportUpdatedIterator is returned from FilterDestinationSupportUpdated and is used to iterate over the raw logs and unpacked data for DestinationSupportUpdated events raised by the OrderBook contract.
type OrderBookDestinationSupportUpdatedIterator struct {
	Event *OrderBookDestinationSupportUpdated // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookDestinationSupportUpdatedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookDestinationSupportUpdated)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookDestinationSupportUpdated)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookDestinationSupportUpdatedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookDestinationSupportUpdatedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookDestinationSupportUpdated represents a DestinationSupportUpdated event raised by the OrderBook contract.
type OrderBookDestinationSupportUpdated struct {
	DestChainId uint32
	IsSupported bool
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterDestinationSupportUpdated is a free log retrieval operation binding the contract event 0x72498032e09cdc0ffa6a5beed0fd8cf7045502e62aa6d6e302a25a555774da48.
//
// Solidity: event DestinationSupportUpdated(uint32 indexed destChainId, bool isSupported)
func (_OrderBook *OrderBookFilterer) FilterDestinationSupportUpdated(opts *bind.FilterOpts, destChainId []uint32) (*OrderBookDestinationSupportUpdatedIterator, error) {

	var destChainIdRule []interface{}
	for _, destChainIdItem := range destChainId {
		destChainIdRule = append(destChainIdRule, destChainIdItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "DestinationSupportUpdated", destChainIdRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookDestinationSupportUpdatedIterator{contract: _OrderBook.contract, event: "DestinationSupportUpdated", logs: logs, sub: sub}, nil
}

// WatchDestinationSupportUpdated is a free log subscription operation binding the contract event 0x72498032e09cdc0ffa6a5beed0fd8cf7045502e62aa6d6e302a25a555774da48.
//
// Solidity: event DestinationSupportUpdated(uint32 indexed destChainId, bool isSupported)
func (_OrderBook *OrderBookFilterer) WatchDestinationSupportUpdated(opts *bind.WatchOpts, sink chan<- *OrderBookDestinationSupportUpdated, destChainId []uint32) (event.Subscription, error) {

	var destChainIdRule []interface{}
	for _, destChainIdItem := range destChainId {
		destChainIdRule = append(destChainIdRule, destChainIdItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "DestinationSupportUpdated", destChainIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookDestinationSupportUpdated)
				if err := _OrderBook.contract.UnpackLog(event, "DestinationSupportUpdated", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseDestinationSupportUpdated is a log parse operation binding the contract event 0x72498032e09cdc0ffa6a5beed0fd8cf7045502e62aa6d6e302a25a555774da48.
//
// Solidity: event DestinationSupportUpdated(uint32 indexed destChainId, bool isSupported)
func (_OrderBook *OrderBookFilterer) ParseDestinationSupportUpdated(log types.Log) (*OrderBookDestinationSupportUpdated, error) {
	event := new(OrderBookDestinationSupportUpdated)
	if err := _OrderBook.contract.UnpackLog(event, "DestinationSupportUpdated", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookFillReportedIterator is returned from FilterFillReported and is used to iterate over the raw logs and unpacked data for FillReported events raised by the OrderBook contract.
type OrderBookFillReportedIterator struct {
	Event *OrderBookFillReported // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookFillReportedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookFillReported)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookFillReported)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookFillReportedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookFillReportedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookFillReported represents a FillReported event raised by the OrderBook contract.
type OrderBookFillReported struct {
	OrderId           [32]byte
	OriginRecipient   common.Address
	AmountInToRelease *big.Int
	AmountOutFilled   *big.Int
	Raw               types.Log // Blockchain specific contextual infos
}

// FilterFillReported is a free log retrieval operation binding the contract event 0xdf5b059cd796fa473e6a6c95b2ccdcb60d0b71ae80f4993f9d8a715169fe6af9.
//
// Solidity: event FillReported(bytes32 indexed orderId, address indexed originRecipient, uint128 amountInToRelease, uint128 amountOutFilled)
func (_OrderBook *OrderBookFilterer) FilterFillReported(opts *bind.FilterOpts, orderId [][32]byte, originRecipient []common.Address) (*OrderBookFillReportedIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var originRecipientRule []interface{}
	for _, originRecipientItem := range originRecipient {
		originRecipientRule = append(originRecipientRule, originRecipientItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "FillReported", orderIdRule, originRecipientRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookFillReportedIterator{contract: _OrderBook.contract, event: "FillReported", logs: logs, sub: sub}, nil
}

// WatchFillReported is a free log subscription operation binding the contract event 0xdf5b059cd796fa473e6a6c95b2ccdcb60d0b71ae80f4993f9d8a715169fe6af9.
//
// Solidity: event FillReported(bytes32 indexed orderId, address indexed originRecipient, uint128 amountInToRelease, uint128 amountOutFilled)
func (_OrderBook *OrderBookFilterer) WatchFillReported(opts *bind.WatchOpts, sink chan<- *OrderBookFillReported, orderId [][32]byte, originRecipient []common.Address) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var originRecipientRule []interface{}
	for _, originRecipientItem := range originRecipient {
		originRecipientRule = append(originRecipientRule, originRecipientItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "FillReported", orderIdRule, originRecipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookFillReported)
				if err := _OrderBook.contract.UnpackLog(event, "FillReported", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseFillReported is a log parse operation binding the contract event 0xdf5b059cd796fa473e6a6c95b2ccdcb60d0b71ae80f4993f9d8a715169fe6af9.
//
// Solidity: event FillReported(bytes32 indexed orderId, address indexed originRecipient, uint128 amountInToRelease, uint128 amountOutFilled)
func (_OrderBook *OrderBookFilterer) ParseFillReported(log types.Log) (*OrderBookFillReported, error) {
	event := new(OrderBookFillReported)
	if err := _OrderBook.contract.UnpackLog(event, "FillReported", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookOrderCancelledIterator is returned from FilterOrderCancelled and is used to iterate over the raw logs and unpacked data for OrderCancelled events raised by the OrderBook contract.
type OrderBookOrderCancelledIterator struct {
	Event *OrderBookOrderCancelled // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookOrderCancelledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookOrderCancelled)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookOrderCancelled)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookOrderCancelledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookOrderCancelledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookOrderCancelled represents a OrderCancelled event raised by the OrderBook contract.
type OrderBookOrderCancelled struct {
	OrderId   [32]byte
	MessageId [32]byte
	Raw       types.Log // Blockchain specific contextual infos
}

// FilterOrderCancelled is a free log retrieval operation binding the contract event 0x0b751d7bc7e902e8c7f5ae3b5a5cfaf6469fadd348681b2cdf779031fb629adc.
//
// Solidity: event OrderCancelled(bytes32 indexed orderId, bytes32 indexed messageId)
func (_OrderBook *OrderBookFilterer) FilterOrderCancelled(opts *bind.FilterOpts, orderId [][32]byte, messageId [][32]byte) (*OrderBookOrderCancelledIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var messageIdRule []interface{}
	for _, messageIdItem := range messageId {
		messageIdRule = append(messageIdRule, messageIdItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "OrderCancelled", orderIdRule, messageIdRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookOrderCancelledIterator{contract: _OrderBook.contract, event: "OrderCancelled", logs: logs, sub: sub}, nil
}

// WatchOrderCancelled is a free log subscription operation binding the contract event 0x0b751d7bc7e902e8c7f5ae3b5a5cfaf6469fadd348681b2cdf779031fb629adc.
//
// Solidity: event OrderCancelled(bytes32 indexed orderId, bytes32 indexed messageId)
func (_OrderBook *OrderBookFilterer) WatchOrderCancelled(opts *bind.WatchOpts, sink chan<- *OrderBookOrderCancelled, orderId [][32]byte, messageId [][32]byte) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var messageIdRule []interface{}
	for _, messageIdItem := range messageId {
		messageIdRule = append(messageIdRule, messageIdItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "OrderCancelled", orderIdRule, messageIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookOrderCancelled)
				if err := _OrderBook.contract.UnpackLog(event, "OrderCancelled", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderCancelled is a log parse operation binding the contract event 0x0b751d7bc7e902e8c7f5ae3b5a5cfaf6469fadd348681b2cdf779031fb629adc.
//
// Solidity: event OrderCancelled(bytes32 indexed orderId, bytes32 indexed messageId)
func (_OrderBook *OrderBookFilterer) ParseOrderCancelled(log types.Log) (*OrderBookOrderCancelled, error) {
	event := new(OrderBookOrderCancelled)
	if err := _OrderBook.contract.UnpackLog(event, "OrderCancelled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookOrderCompletedIterator is returned from FilterOrderCompleted and is used to iterate over the raw logs and unpacked data for OrderCompleted events raised by the OrderBook contract.
type OrderBookOrderCompletedIterator struct {
	Event *OrderBookOrderCompleted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookOrderCompletedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookOrderCompleted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookOrderCompleted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookOrderCompletedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookOrderCompletedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookOrderCompleted represents a OrderCompleted event raised by the OrderBook contract.
type OrderBookOrderCompleted struct {
	OrderId [32]byte
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterOrderCompleted is a free log retrieval operation binding the contract event 0xc1471de81880c1b225e1d454a583a6f0fde1f88fb0f03ca678be2a3656c0f7c2.
//
// Solidity: event OrderCompleted(bytes32 orderId)
func (_OrderBook *OrderBookFilterer) FilterOrderCompleted(opts *bind.FilterOpts) (*OrderBookOrderCompletedIterator, error) {

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "OrderCompleted")
	if err != nil {
		return nil, err
	}
	return &OrderBookOrderCompletedIterator{contract: _OrderBook.contract, event: "OrderCompleted", logs: logs, sub: sub}, nil
}

// WatchOrderCompleted is a free log subscription operation binding the contract event 0xc1471de81880c1b225e1d454a583a6f0fde1f88fb0f03ca678be2a3656c0f7c2.
//
// Solidity: event OrderCompleted(bytes32 orderId)
func (_OrderBook *OrderBookFilterer) WatchOrderCompleted(opts *bind.WatchOpts, sink chan<- *OrderBookOrderCompleted) (event.Subscription, error) {

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "OrderCompleted")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookOrderCompleted)
				if err := _OrderBook.contract.UnpackLog(event, "OrderCompleted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderCompleted is a log parse operation binding the contract event 0xc1471de81880c1b225e1d454a583a6f0fde1f88fb0f03ca678be2a3656c0f7c2.
//
// Solidity: event OrderCompleted(bytes32 orderId)
func (_OrderBook *OrderBookFilterer) ParseOrderCompleted(log types.Log) (*OrderBookOrderCompleted, error) {
	event := new(OrderBookOrderCompleted)
	if err := _OrderBook.contract.UnpackLog(event, "OrderCompleted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookOrderFilledIterator is returned from FilterOrderFilled and is used to iterate over the raw logs and unpacked data for OrderFilled events raised by the OrderBook contract.
type OrderBookOrderFilledIterator struct {
	Event *OrderBookOrderFilled // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookOrderFilledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookOrderFilled)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookOrderFilled)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookOrderFilledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookOrderFilledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookOrderFilled represents a OrderFilled event raised by the OrderBook contract.
type OrderBookOrderFilled struct {
	OrderId           [32]byte
	Solver            common.Address
	AmountInToRelease *big.Int
	AmountOutFilled   *big.Int
	MessageId         [32]byte
	Raw               types.Log // Blockchain specific contextual infos
}

// FilterOrderFilled is a free log retrieval operation binding the contract event 0x57d1a3cf57a9c4366f500629bd1fde6ce23e451a0d8ca216493b9db7f37a08d2.
//
// Solidity: event OrderFilled(bytes32 indexed orderId, address indexed solver, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 indexed messageId)
func (_OrderBook *OrderBookFilterer) FilterOrderFilled(opts *bind.FilterOpts, orderId [][32]byte, solver []common.Address, messageId [][32]byte) (*OrderBookOrderFilledIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var solverRule []interface{}
	for _, solverItem := range solver {
		solverRule = append(solverRule, solverItem)
	}

	var messageIdRule []interface{}
	for _, messageIdItem := range messageId {
		messageIdRule = append(messageIdRule, messageIdItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "OrderFilled", orderIdRule, solverRule, messageIdRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookOrderFilledIterator{contract: _OrderBook.contract, event: "OrderFilled", logs: logs, sub: sub}, nil
}

// WatchOrderFilled is a free log subscription operation binding the contract event 0x57d1a3cf57a9c4366f500629bd1fde6ce23e451a0d8ca216493b9db7f37a08d2.
//
// Solidity: event OrderFilled(bytes32 indexed orderId, address indexed solver, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 indexed messageId)
func (_OrderBook *OrderBookFilterer) WatchOrderFilled(opts *bind.WatchOpts, sink chan<- *OrderBookOrderFilled, orderId [][32]byte, solver []common.Address, messageId [][32]byte) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var solverRule []interface{}
	for _, solverItem := range solver {
		solverRule = append(solverRule, solverItem)
	}

	var messageIdRule []interface{}
	for _, messageIdItem := range messageId {
		messageIdRule = append(messageIdRule, messageIdItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "OrderFilled", orderIdRule, solverRule, messageIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookOrderFilled)
				if err := _OrderBook.contract.UnpackLog(event, "OrderFilled", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderFilled is a log parse operation binding the contract event 0x57d1a3cf57a9c4366f500629bd1fde6ce23e451a0d8ca216493b9db7f37a08d2.
//
// Solidity: event OrderFilled(bytes32 indexed orderId, address indexed solver, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 indexed messageId)
func (_OrderBook *OrderBookFilterer) ParseOrderFilled(log types.Log) (*OrderBookOrderFilled, error) {
	event := new(OrderBookOrderFilled)
	if err := _OrderBook.contract.UnpackLog(event, "OrderFilled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookOrderOpenedIterator is returned from FilterOrderOpened and is used to iterate over the raw logs and unpacked data for OrderOpened events raised by the OrderBook contract.
type OrderBookOrderOpenedIterator struct {
	Event *OrderBookOrderOpened // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookOrderOpenedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookOrderOpened)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookOrderOpened)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookOrderOpenedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookOrderOpenedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookOrderOpened represents a OrderOpened event raised by the OrderBook contract.
type OrderBookOrderOpened struct {
	OrderId      [32]byte
	Funder       common.Address
	Sender       common.Address
	TokenIn      common.Address
	AmountIn     *big.Int
	DestChainId  uint32
	TokenOut     [32]byte
	AmountOut    *big.Int
	Solver       [32]byte
	FillDeadline uint32
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterOrderOpened is a free log retrieval operation binding the contract event 0xbf2b26246c7c9d256de05b7dbd48ebf43c20cc61ca4a2c684ace2c8b9d4cf23b.
//
// Solidity: event OrderOpened(bytes32 orderId, address funder, address indexed sender, address tokenIn, uint128 amountIn, uint32 indexed destChainId, bytes32 tokenOut, uint128 amountOut, bytes32 indexed solver, uint32 fillDeadline)
func (_OrderBook *OrderBookFilterer) FilterOrderOpened(opts *bind.FilterOpts, sender []common.Address, destChainId []uint32, solver [][32]byte) (*OrderBookOrderOpenedIterator, error) {

	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	var destChainIdRule []interface{}
	for _, destChainIdItem := range destChainId {
		destChainIdRule = append(destChainIdRule, destChainIdItem)
	}

	var solverRule []interface{}
	for _, solverItem := range solver {
		solverRule = append(solverRule, solverItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "OrderOpened", senderRule, destChainIdRule, solverRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookOrderOpenedIterator{contract: _OrderBook.contract, event: "OrderOpened", logs: logs, sub: sub}, nil
}

// WatchOrderOpened is a free log subscription operation binding the contract event 0xbf2b26246c7c9d256de05b7dbd48ebf43c20cc61ca4a2c684ace2c8b9d4cf23b.
//
// Solidity: event OrderOpened(bytes32 orderId, address funder, address indexed sender, address tokenIn, uint128 amountIn, uint32 indexed destChainId, bytes32 tokenOut, uint128 amountOut, bytes32 indexed solver, uint32 fillDeadline)
func (_OrderBook *OrderBookFilterer) WatchOrderOpened(opts *bind.WatchOpts, sink chan<- *OrderBookOrderOpened, sender []common.Address, destChainId []uint32, solver [][32]byte) (event.Subscription, error) {

	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	var destChainIdRule []interface{}
	for _, destChainIdItem := range destChainId {
		destChainIdRule = append(destChainIdRule, destChainIdItem)
	}

	var solverRule []interface{}
	for _, solverItem := range solver {
		solverRule = append(solverRule, solverItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "OrderOpened", senderRule, destChainIdRule, solverRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookOrderOpened)
				if err := _OrderBook.contract.UnpackLog(event, "OrderOpened", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderOpened is a log parse operation binding the contract event 0xbf2b26246c7c9d256de05b7dbd48ebf43c20cc61ca4a2c684ace2c8b9d4cf23b.
//
// Solidity: event OrderOpened(bytes32 orderId, address funder, address indexed sender, address tokenIn, uint128 amountIn, uint32 indexed destChainId, bytes32 tokenOut, uint128 amountOut, bytes32 indexed solver, uint32 fillDeadline)
func (_OrderBook *OrderBookFilterer) ParseOrderOpened(log types.Log) (*OrderBookOrderOpened, error) {
	event := new(OrderBookOrderOpened)
	if err := _OrderBook.contract.UnpackLog(event, "OrderOpened", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookRefundClaimedIterator is returned from FilterRefundClaimed and is used to iterate over the raw logs and unpacked data for RefundClaimed events raised by the OrderBook contract.
type OrderBookRefundClaimedIterator struct {
	Event *OrderBookRefundClaimed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookRefundClaimedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookRefundClaimed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookRefundClaimed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookRefundClaimedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookRefundClaimedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookRefundClaimed represents a RefundClaimed event raised by the OrderBook contract.
type OrderBookRefundClaimed struct {
	OrderId          [32]byte
	Sender           common.Address
	AmountInRefunded *big.Int
	Raw              types.Log // Blockchain specific contextual infos
}

// FilterRefundClaimed is a free log retrieval operation binding the contract event 0x28017a0609035a77108326b64f016021a0038d4c57b91f7eedf7283182999bbc.
//
// Solidity: event RefundClaimed(bytes32 indexed orderId, address indexed sender, uint128 amountInRefunded)
func (_OrderBook *OrderBookFilterer) FilterRefundClaimed(opts *bind.FilterOpts, orderId [][32]byte, sender []common.Address) (*OrderBookRefundClaimedIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "RefundClaimed", orderIdRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookRefundClaimedIterator{contract: _OrderBook.contract, event: "RefundClaimed", logs: logs, sub: sub}, nil
}

// WatchRefundClaimed is a free log subscription operation binding the contract event 0x28017a0609035a77108326b64f016021a0038d4c57b91f7eedf7283182999bbc.
//
// Solidity: event RefundClaimed(bytes32 indexed orderId, address indexed sender, uint128 amountInRefunded)
func (_OrderBook *OrderBookFilterer) WatchRefundClaimed(opts *bind.WatchOpts, sink chan<- *OrderBookRefundClaimed, orderId [][32]byte, sender []common.Address) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "RefundClaimed", orderIdRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookRefundClaimed)
				if err := _OrderBook.contract.UnpackLog(event, "RefundClaimed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRefundClaimed is a log parse operation binding the contract event 0x28017a0609035a77108326b64f016021a0038d4c57b91f7eedf7283182999bbc.
//
// Solidity: event RefundClaimed(bytes32 indexed orderId, address indexed sender, uint128 amountInRefunded)
func (_OrderBook *OrderBookFilterer) ParseRefundClaimed(log types.Log) (*OrderBookRefundClaimed, error) {
	event := new(OrderBookRefundClaimed)
	if err := _OrderBook.contract.UnpackLog(event, "RefundClaimed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the OrderBook contract.
type OrderBookRoleGrantedIterator struct {
	Event *OrderBookRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookRoleGranted represents a RoleGranted event raised by the OrderBook contract.
type OrderBookRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_OrderBook *OrderBookFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*OrderBookRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookRoleGrantedIterator{contract: _OrderBook.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_OrderBook *OrderBookFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *OrderBookRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookRoleGranted)
				if err := _OrderBook.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_OrderBook *OrderBookFilterer) ParseRoleGranted(log types.Log) (*OrderBookRoleGranted, error) {
	event := new(OrderBookRoleGranted)
	if err := _OrderBook.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OrderBookRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the OrderBook contract.
type OrderBookRoleRevokedIterator struct {
	Event *OrderBookRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OrderBookRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OrderBookRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OrderBookRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OrderBookRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OrderBookRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OrderBookRoleRevoked represents a RoleRevoked event raised by the OrderBook contract.
type OrderBookRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_OrderBook *OrderBookFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*OrderBookRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _OrderBook.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &OrderBookRoleRevokedIterator{contract: _OrderBook.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_OrderBook *OrderBookFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *OrderBookRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _OrderBook.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OrderBookRoleRevoked)
				if err := _OrderBook.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_OrderBook *OrderBookFilterer) ParseRoleRevoked(log types.Log) (*OrderBookRoleRevoked, error) {
	event := new(OrderBookRoleRevoked)
	if err := _OrderBook.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PoolFactoryMetaData contains all meta data concerning the PoolFactory contract.
var PoolFactoryMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[],\"name\":\"InvalidPool\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token0\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token1\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint24\",\"name\":\"fee\",\"type\":\"uint24\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"pool\",\"type\":\"address\"}],\"name\":\"PoolCreated\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenA\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenB\",\"type\":\"address\"},{\"internalType\":\"uint24\",\"name\":\"fee\",\"type\":\"uint24\"}],\"name\":\"createPool\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"pool\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint24\",\"name\":\"\",\"type\":\"uint24\"}],\"name\":\"getPool\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Bin: "0x60808060405234601557610d6e908161001a8239f35b5f80fdfe60806040526004361015610011575f80fd5b5f3560e01c80631698ee82146102105763a16712951461002f575f80fd5b3461020c5761003d3661025c565b90916001600160a01b0380821692908416908382148015610204575b80156101fc575b6101c45762ffffff16926064841415806101f0575b806101e4575b806101d8575b6101c45710156101d2575b6001600160a01b039081165f8181526020818152604080832087861684528252808320868452909152902054909291166101c457604051610acb938482019482861067ffffffffffffffff8711176101b05760609183916102a383398587526001600160a01b03166020870181905260408701859052950301905ff09283156101a5575f838152602081815260408083208484528252808320858452825280832080546001600160a01b03989098166001600160a01b0319988916811790915584845283835281842087855283528184208685528352928190208054909716831790965594518181529093907f97d23878912fda7f82bd5a8502f2c6e9086f5a4728f9054627788b3162f86ced908690a4604051908152f35b6040513d5f823e3d90fd5b634e487b7160e01b5f52604160045260245ffd5b62820f3560e61b5f5260045ffd5b9161008c565b50612710841415610081565b50610bb884141561007b565b506101f4841415610075565b508115610060565b508315610059565b5f80fd5b3461020c5761021e3661025c565b6001600160a01b039283165f90815260208181526040808320948616835293815283822062ffffff9093168252918252829020549151919092168152f35b606090600319011261020c576004356001600160a01b038116810361020c57906024356001600160a01b038116810361020c579060443562ffffff8116810361020c579056fe610100346100e557601f610acb38819003918201601f19168301916001600160401b038311848410176100e9578084926060946040528339810103126100e557610048816100fd565b906040610057602083016100fd565b9101519162ffffff831683036100e5573360805260a05260c05260e0526040516109b99081610112823960805181610461015260a05181818160d9015281816101f7015281816102ab01528181610427015261077c015260c051818181610223015281816102cc01528181610406015281816104a501526107d2015260e0518181816104ef015261060b0152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100e55756fe60806040526004361015610011575f80fd5b5f3560e01c80630dfe1681146100c4578063443cb4bc146100bf5780635a76f25e146100ba5780638290d9b8146100b55780638db791d2146100b05780639cd441da146100ab578063a278d036146100a6578063c45a0155146100a1578063d21220a71461009c578063ddca3f43146100975763f7838e6b14610092575f80fd5b610513565b6104d4565b610490565b61044c565b61026d565b6101b4565b610182565b61014f565b610128565b61010c565b34610108575f366003190112610108576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b5f80fd5b34610108575f3660031901126101085760205f54604051908152f35b34610108575f366003190112610108576020600154604051908152f35b8015150361010857565b3461010857604036600319011261010857602061017a60043561017181610145565b602435906105f9565b604051908152f35b34610108575f3660031901126101085760206101a25f54600154906106dd565b6040516001600160a01b039091168152f35b34610108576040366003190112610108576004357fac1d76749e5447b7b16f5ab61447e1bd502f3bb4807af3b28e620d1700a6ee4561026860243561021b8430337f000000000000000000000000000000000000000000000000000000000000000061070e565b6102478130337f000000000000000000000000000000000000000000000000000000000000000061070e565b61024f610759565b6040805194855260208501919091523393918291820190565b0390a2005b34610108576040366003190112610108576004356001600160a01b0381169081810361010857602435916102a083610145565b8215610400575f54927f00000000000000000000000000000000000000000000000000000000000000007f0000000000000000000000000000000000000000000000000000000000000000945b6040516370a0823160e01b815230600482015291602090839060249082906001600160a01b03165afa80156103fb5761032d925f916103cc575b506106d0565b9283156103bd5761033e84836105f9565b9485156103ae57610350918691610849565b610358610759565b60408051911515825260208201849052810184905233907f03e874ff0400af332019e3388ba3ec252559e9e6b33b393b1335aaf4755384e390606090a360408051918252602082019290925290819081015b0390f35b63bb55fd2760e01b5f5260045ffd5b63f8b3bb6160e01b5f5260045ffd5b6103ee915060203d6020116103f4575b6103e6818361068f565b8101906106b6565b5f610327565b503d6103dc565b6106c5565b600154927f00000000000000000000000000000000000000000000000000000000000000007f0000000000000000000000000000000000000000000000000000000000000000946102ed565b34610108575f366003190112610108576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610108575f366003190112610108576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610108575f36600319011261010857602060405162ffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101085760403660031901126101085760043561053081610145565b60243561053d81836105f9565b9115610588575f5490810180911161058357600154918203918211610583576103aa91610569916106dd565b6040516001600160a01b0390911681529081906020820190565b6105b4565b905f5490810390811161058357600154918201809211610583576103aa916105af916106dd565b610569565b634e487b7160e01b5f52601160045260245ffd5b8181029291811591840414171561058357565b81156105e5570490565b634e487b7160e01b5f52601260045260245ffd5b15610670575f54600154915b62ffffff7f000000000000000000000000000000000000000000000000000000000000000016620f4240039062ffffff821161058357610652620f42409162ffffff61065a9416906105c8565b0480936105c8565b9181018091116105835761066d916105db565b90565b6001545f5491610605565b634e487b7160e01b5f52604160045260245ffd5b90601f8019910116810190811067ffffffffffffffff8211176106b157604052565b61067b565b90816020910312610108575190565b6040513d5f823e3d90fd5b9190820391821161058357565b8015610708576001600160a01b0391610701916106fc9160601b6105db565b610884565b60301b1690565b50505f90565b6040516323b872dd60e01b60208201526001600160a01b0392831660248201529290911660448301526064808301939093529181526107579161075260848361068f565b6108e2565b565b6040516370a0823160e01b81523060048201526020816024816001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000165afa9081156103fb575f9161082a575b505f556040516370a0823160e01b81523060048201526020816024816001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000165afa80156103fb57610757915f9161080b575b50600155565b610824915060203d6020116103f4576103e6818361068f565b5f610805565b610843915060203d6020116103f4576103e6818361068f565b5f6107ac565b60405163a9059cbb60e01b60208201526001600160a01b0390921660248301526044808301939093529181526107579161075260648361068f565b9081156108c8578160011c6001810180911161058357825b8382106108a7575050565b909250826108b581836105db565b9081018091116105835760011c9061089c565b5f9150565b90816020910312610108575161066d81610145565b90813b15610998575f816020829351910182855af13d15610990573d9067ffffffffffffffff82116106b15760405191610926601f8201601f19166020018461068f565b82523d5f602084013e5b15610988578051908115159182610966575b505061094b5750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b61098192509060208061097d9383010191016108cd565b1590565b5f80610942565b602081519101fd5b606090610930565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fd",
}

// PoolFactoryABI is the input ABI used to generate the binding from.
// Deprecated: Use PoolFactoryMetaData.ABI instead.
var PoolFactoryABI = PoolFactoryMetaData.ABI

// PoolFactoryBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use PoolFactoryMetaData.Bin instead.
var PoolFactoryBin = PoolFactoryMetaData.Bin

// DeployPoolFactory deploys a new Ethereum contract, binding an instance of PoolFactory to it.
func DeployPoolFactory(auth *bind.TransactOpts, backend bind.ContractBackend) (common.Address, *types.Transaction, *PoolFactory, error) {
	parsed, err := PoolFactoryMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(PoolFactoryBin), backend)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &PoolFactory{PoolFactoryCaller: PoolFactoryCaller{contract: contract}, PoolFactoryTransactor: PoolFactoryTransactor{contract: contract}, PoolFactoryFilterer: PoolFactoryFilterer{contract: contract}}, nil
}

// PoolFactory is an auto generated Go binding around an Ethereum contract.
type PoolFactory struct {
	PoolFactoryCaller     // Read-only binding to the contract
	PoolFactoryTransactor // Write-only binding to the contract
	PoolFactoryFilterer   // Log filterer for contract events
}

// PoolFactoryCaller is an auto generated read-only Go binding around an Ethereum contract.
type PoolFactoryCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// PoolFactoryTransactor is an auto generated write-only Go binding around an Ethereum contract.
type PoolFactoryTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// PoolFactoryFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type PoolFactoryFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// PoolFactorySession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type PoolFactorySession struct {
	Contract     *PoolFactory      // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// PoolFactoryCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type PoolFactoryCallerSession struct {
	Contract *PoolFactoryCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts      // Call options to use throughout this session
}

// PoolFactoryTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type PoolFactoryTransactorSession struct {
	Contract     *PoolFactoryTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts      // Transaction auth options to use throughout this session
}

// PoolFactoryRaw is an auto generated low-level Go binding around an Ethereum contract.
type PoolFactoryRaw struct {
	Contract *PoolFactory // Generic contract binding to access the raw methods on
}

// PoolFactoryCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type PoolFactoryCallerRaw struct {
	Contract *PoolFactoryCaller // Generic read-only contract binding to access the raw methods on
}

// PoolFactoryTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type PoolFactoryTransactorRaw struct {
	Contract *PoolFactoryTransactor // Generic write-only contract binding to access the raw methods on
}

// NewPoolFactory creates a new instance of PoolFactory, bound to a specific deployed contract.
func NewPoolFactory(address common.Address, backend bind.ContractBackend) (*PoolFactory, error) {
	contract, err := bindPoolFactory(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &PoolFactory{PoolFactoryCaller: PoolFactoryCaller{contract: contract}, PoolFactoryTransactor: PoolFactoryTransactor{contract: contract}, PoolFactoryFilterer: PoolFactoryFilterer{contract: contract}}, nil
}

// NewPoolFactoryCaller creates a new read-only instance of PoolFactory, bound to a specific deployed contract.
func NewPoolFactoryCaller(address common.Address, caller bind.ContractCaller) (*PoolFactoryCaller, error) {
	contract, err := bindPoolFactory(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &PoolFactoryCaller{contract: contract}, nil
}

// NewPoolFactoryTransactor creates a new write-only instance of PoolFactory, bound to a specific deployed contract.
func NewPoolFactoryTransactor(address common.Address, transactor bind.ContractTransactor) (*PoolFactoryTransactor, error) {
	contract, err := bindPoolFactory(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &PoolFactoryTransactor{contract: contract}, nil
}

// NewPoolFactoryFilterer creates a new log filterer instance of PoolFactory, bound to a specific deployed contract.
func NewPoolFactoryFilterer(address common.Address, filterer bind.ContractFilterer) (*PoolFactoryFilterer, error) {
	contract, err := bindPoolFactory(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &PoolFactoryFilterer{contract: contract}, nil
}

// bindPoolFactory binds a generic wrapper to an already deployed contract.
func bindPoolFactory(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := PoolFactoryMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_PoolFactory *PoolFactoryRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _PoolFactory.Contract.PoolFactoryCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_PoolFactory *PoolFactoryRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _PoolFactory.Contract.PoolFactoryTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_PoolFactory *PoolFactoryRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _PoolFactory.Contract.PoolFactoryTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_PoolFactory *PoolFactoryCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _PoolFactory.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_PoolFactory *PoolFactoryTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _PoolFactory.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_PoolFactory *PoolFactoryTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _PoolFactory.Contract.contract.Transact(opts, method, params...)
}

// GetPool is a free data retrieval call binding the contract method 0x1698ee82.
//
// Solidity: function getPool(address , address , uint24 ) view returns(address)
func (_PoolFactory *PoolFactoryCaller) GetPool(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 *big.Int) (common.Address, error) {
	var out []interface{}
	err := _PoolFactory.contract.Call(opts, &out, "getPool", arg0, arg1, arg2)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// GetPool is a free data retrieval call binding the contract method 0x1698ee82.
//
// Solidity: function getPool(address , address , uint24 ) view returns(address)
func (_PoolFactory *PoolFactorySession) GetPool(arg0 common.Address, arg1 common.Address, arg2 *big.Int) (common.Address, error) {
	return _PoolFactory.Contract.GetPool(&_PoolFactory.CallOpts, arg0, arg1, arg2)
}

// GetPool is a free data retrieval call binding the contract method 0x1698ee82.
//
// Solidity: function getPool(address , address , uint24 ) view returns(address)
func (_PoolFactory *PoolFactoryCallerSession) GetPool(arg0 common.Address, arg1 common.Address, arg2 *big.Int) (common.Address, error) {
	return _PoolFactory.Contract.GetPool(&_PoolFactory.CallOpts, arg0, arg1, arg2)
}

// CreatePool is a paid mutator transaction binding the contract method 0xa1671295.
//
// Solidity: function createPool(address tokenA, address tokenB, uint24 fee) returns(address pool)
func (_PoolFactory *PoolFactoryTransactor) CreatePool(opts *bind.TransactOpts, tokenA common.Address, tokenB common.Address, fee *big.Int) (*types.Transaction, error) {
	return _PoolFactory.contract.Transact(opts, "createPool", tokenA, tokenB, fee)
}

// CreatePool is a paid mutator transaction binding the contract method 0xa1671295.
//
// Solidity: function createPool(address tokenA, address tokenB, uint24 fee) returns(address pool)
func (_PoolFactory *PoolFactorySession) CreatePool(tokenA common.Address, tokenB common.Address, fee *big.Int) (*types.Transaction, error) {
	return _PoolFactory.Contract.CreatePool(&_PoolFactory.TransactOpts, tokenA, tokenB, fee)
}

// CreatePool is a paid mutator transaction binding the contract method 0xa1671295.
//
// Solidity: function createPool(address tokenA, address tokenB, uint24 fee) returns(address pool)
func (_PoolFactory *PoolFactoryTransactorSession) CreatePool(tokenA common.Address, tokenB common.Address, fee *big.Int) (*types.Transaction, error) {
	return _PoolFactory.Contract.CreatePool(&_PoolFactory.TransactOpts, tokenA, tokenB, fee)
}

// PoolFactoryPoolCreatedIterator is returned from FilterPoolCreated and is used to iterate over the raw logs and unpacked data for PoolCreated events raised by the PoolFactory contract.
type PoolFactoryPoolCreatedIterator struct {
	Event *PoolFactoryPoolCreated // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PoolFactoryPoolCreatedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PoolFactoryPoolCreated)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PoolFactoryPoolCreated)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PoolFactoryPoolCreatedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PoolFactoryPoolCreatedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PoolFactoryPoolCreated represents a PoolCreated event raised by the PoolFactory contract.
type PoolFactoryPoolCreated struct {
	Token0 common.Address
	Token1 common.Address
	Fee    *big.Int
	Pool   common.Address
	Raw    types.Log // Blockchain specific contextual infos
}

// FilterPoolCreated is a free log retrieval operation binding the contract event 0x97d23878912fda7f82bd5a8502f2c6e9086f5a4728f9054627788b3162f86ced.
//
// Solidity: event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, address pool)
func (_PoolFactory *PoolFactoryFilterer) FilterPoolCreated(opts *bind.FilterOpts, token0 []common.Address, token1 []common.Address, fee []*big.Int) (*PoolFactoryPoolCreatedIterator, error) {

	var token0Rule []interface{}
	for _, token0Item := range token0 {
		token0Rule = append(token0Rule, token0Item)
	}
	var token1Rule []interface{}
	for _, token1Item := range token1 {
		token1Rule = append(token1Rule, token1Item)
	}
	var feeRule []interface{}
	for _, feeItem := range fee {
		feeRule = append(feeRule, feeItem)
	}

	logs, sub, err := _PoolFactory.contract.FilterLogs(opts, "PoolCreated", token0Rule, token1Rule, feeRule)
	if err != nil {
		return nil, err
	}
	return &PoolFactoryPoolCreatedIterator{contract: _PoolFactory.contract, event: "PoolCreated", logs: logs, sub: sub}, nil
}

// WatchPoolCreated is a free log subscription operation binding the contract event 0x97d23878912fda7f82bd5a8502f2c6e9086f5a4728f9054627788b3162f86ced.
//
// Solidity: event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, address pool)
func (_PoolFactory *PoolFactoryFilterer) WatchPoolCreated(opts *bind.WatchOpts, sink chan<- *PoolFactoryPoolCreated, token0 []common.Address, token1 []common.Address, fee []*big.Int) (event.Subscription, error) {

	var token0Rule []interface{}
	for _, token0Item := range token0 {
		token0Rule = append(token0Rule, token0Item)
	}
	var token1Rule []interface{}
	for _, token1Item := range token1 {
		token1Rule = append(token1Rule, token1Item)
	}
	var feeRule []interface{}
	for _, feeItem := range fee {
		feeRule = append(feeRule, feeItem)
	}

	logs, sub, err := _PoolFactory.contract.WatchLogs(opts, "PoolCreated", token0Rule, token1Rule, feeRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PoolFactoryPoolCreated)
				if err := _PoolFactory.contract.UnpackLog(event, "PoolCreated", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParsePoolCreated is a log parse operation binding the contract event 0x97d23878912fda7f82bd5a8502f2c6e9086f5a4728f9054627788b3162f86ced.
//
// Solidity: event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, address pool)
func (_PoolFactory *PoolFactoryFilterer) ParsePoolCreated(log types.Log) (*PoolFactoryPoolCreated, error) {
	event := new(PoolFactoryPoolCreated)
	if err := _PoolFactory.contract.UnpackLog(event, "PoolCreated", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalMetaData contains all meta data concerning the Portal contract.
var PortalMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"mToken_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapFacility_\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"isHub_\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"specifiedAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"actualAmount\",\"type\":\"uint256\"}],\"name\":\"InsufficientAmountReceived\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"provided\",\"type\":\"uint256\"}],\"name\":\"InsufficientFee\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InsufficientGas\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"}],\"name\":\"InvalidDestinationChain\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"}],\"name\":\"InvalidPayloadType\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"MessageAlreadyProcessed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotOrderBook\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"}],\"name\":\"PayloadGasLimitNotSet\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReceivingPaused\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"refundAddress\",\"type\":\"address\"}],\"name\":\"RefundFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SendingPaused\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"}],\"name\":\"UnsupportedBridgeAdapter\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"}],\"name\":\"UnsupportedBridgingPath\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroMToken\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroOrderBook\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRecipient\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRefundAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroSwapFacility\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"sourceChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"originSender\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInToRefund\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"index\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"CancelReportReceived\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"originSender\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInToRefund\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"index\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"CancelReportSent\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"feePerGas\",\"type\":\"uint256\"}],\"name\":\"FeePerGasSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"sourceChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"index\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"FillReportReceived\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"index\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"FillReportSent\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"payload\",\"type\":\"bytes\"}],\"name\":\"MessageSent\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"orderBook\",\"type\":\"address\"}],\"name\":\"OrderBookSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"gasLimit\",\"type\":\"uint256\"}],\"name\":\"PayloadGasLimitSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"paused\",\"type\":\"bool\"}],\"name\":\"ReceivePausedSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"paused\",\"type\":\"bool\"}],\"name\":\"SendPausedSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"supported\",\"type\":\"bool\"}],\"name\":\"SupportedBridgingPathSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"sourceChainId\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"destinationToken\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"sender\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"index\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"TokenReceived\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"index\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"TokenSent\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"destinationExtension\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"WrapFailed\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CANCEL_REPORT\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"FILL_REPORT\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"RELAYER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"TOKEN_TRANSFER\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"WRAP_GAS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"currentChainId\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"currentIndex\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"\",\"type\":\"uint128\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"name\":\"defaultBridgeAdapter\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"feePerGas\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getNonce\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"isHub\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"mToken\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"orderBook\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"}],\"name\":\"payloadGasLimit\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"messageId\",\"type\":\"bytes32\"}],\"name\":\"processedMessages\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"}],\"name\":\"quote\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"}],\"name\":\"quote\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"sourceChainId\",\"type\":\"uint32\"},{\"internalType\":\"bytes\",\"name\":\"payload\",\"type\":\"bytes\"}],\"name\":\"receiveMessage\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"receivePaused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"orderSender\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountInToRefund\",\"type\":\"uint128\"}],\"internalType\":\"structCancelReport\",\"name\":\"report\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"sendCancelReport\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"orderSender\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountInToRefund\",\"type\":\"uint128\"}],\"internalType\":\"structCancelReport\",\"name\":\"report\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"sendCancelReport\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"}],\"internalType\":\"structFillReport\",\"name\":\"report\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"sendFillReport\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"bytes32\",\"name\":\"orderId\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"amountInToRelease\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"amountOutFilled\",\"type\":\"uint128\"},{\"internalType\":\"bytes32\",\"name\":\"originRecipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"tokenIn\",\"type\":\"bytes32\"}],\"internalType\":\"structFillReport\",\"name\":\"report\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"sendFillReport\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"sendPaused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"sendToken\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"recipient\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"refundAddress\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"bridgeAdapterArgs\",\"type\":\"bytes\"}],\"name\":\"sendToken\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"feePerGas_\",\"type\":\"uint256\"}],\"name\":\"setFeePerGas\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"orderBook_\",\"type\":\"address\"}],\"name\":\"setOrderBook\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"uint8\",\"name\":\"payloadType\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"gasLimit\",\"type\":\"uint256\"}],\"name\":\"setPayloadGasLimit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"paused\",\"type\":\"bool\"}],\"name\":\"setReceivePaused\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"paused\",\"type\":\"bool\"}],\"name\":\"setSendPaused\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"},{\"internalType\":\"bool\",\"name\":\"supported\",\"type\":\"bool\"}],\"name\":\"setSupportedBridgingPath\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"bridgeAdapter\",\"type\":\"address\"}],\"name\":\"supportedBridgeAdapter\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sourceToken\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"destinationChainId\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"destinationToken\",\"type\":\"bytes32\"}],\"name\":\"supportedBridgingPath\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"swapFacility\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"addresspayable\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"withdrawFees\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60e0346101aa57601f61268a38819003918201601f19168301916001600160401b038311848410176101ae578084926080946040528339810103126101aa57610047816101c2565b610053602083016101c2565b9060408301519283151584036101aa576001600160a01b0390610078906060016101c2565b16801561019b575f8181525f51602061266a5f395f51905f52602052604090205460ff161561014a575b506001600160a01b0381161561013b576001600160a01b0382161561012c5760805260a05260c05260405161249390816101d78239608051818181610c520152818161187101528181611b1901528181611cea0152612157015260a0518181816109f301528181611bb401526121fb015260c051818181610e9a01528181611ae6015261218b0152f35b636880ffc960e11b5f5260045ffd5b63b01d5e2b60e01b5f5260045ffd5b5f8181525f51602061266a5f395f51905f5260205260408120805460ff191660011790553391907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d8180a45f6100a2565b633944ed8760e11b5f5260045ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036101aa5756fe60806040526004361015610011575f80fd5b5f3560e01c80630b4334d61461028f5780630c12b2611461028a5780630e4608d314610285578063132d9da714610280578063164e68de1461027b5780631f8ba3851461027657806326987b60146102715780632847563e1461026c5780632f2ff15d14610267578063306dd7ba146102625780634285fab81461025d5780634591be41146102585780635feed24e146102535780636cbadbfa1461024e578063719cfd9414610249578063776af5ba1461024457806388ba16ab1461023f5780638b5b7a891461023a57806391d1485414610235578063926d7d7f146102305780639a1598c81461022b578063a217fddf14610203578063ae06b7e414610226578063b052606a14610221578063b11171021461021c578063b460f5d814610217578063b6b031eb14610212578063b8e5a8d81461020d578063baa6ddcc14610208578063baee97f414610203578063bb28df4a146101fe578063c3b6f939146101f9578063d087d288146101f4578063d47d4205146101ef578063d547741f146101ea578063d709bb95146101e5578063eccab0ee146101e0578063f5857c77146101db578063f84e1616146101d65763fb9a98d6146101d1575f80fd5b610edc565b610ebf565b610e83565b610dfe565b610d96565b610cec565b610c9e565b610c81565b610c3d565b610be2565b6109c4565b610bbd565b610ba2565b610b56565b610b3b565b610b0f565b610a22565b6109de565b61093b565b610901565b6108b0565b610854565b610825565b6107fd565b6107c1565b6107a1565b61073f565b610713565b6106f6565b6106a6565b6105f8565b61057e565b610553565b6104d7565b61047f565b61045b565b61041a565b610397565b610320565b6004359063ffffffff821682036102a757565b5f80fd5b6024359063ffffffff821682036102a757565b6044359063ffffffff821682036102a757565b359063ffffffff821682036102a757565b60809060231901126102a757602490565b9181601f840112156102a7578235916001600160401b0383116102a757602083818601950101116102a757565b60e03660031901126102a757610334610294565b61033d366102e2565b60a43560c435916001600160401b0383116102a75760209361036661036d9436906004016102f3565b5050611544565b604051908152f35b60a09060231901126102a757602490565b6001600160a01b038116036102a757565b6101203660031901126102a7576103ac610294565b6103b536610375565b60c43560e435916103c583610386565b61010435936001600160401b0385116102a7576103f761036d946103ef60209736906004016102f3565b505082611631565b6116bc565b6024359060ff821682036102a757565b359060ff821682036102a757565b346102a75760603660031901126102a757602061036d610438610294565b6104406103fc565b9061045660443561045081610386565b82611631565b61133b565b346102a75760203660031901126102a757610474610294565b506020604051308152f35b346102a75760203660031901126102a75760043561049c81610386565b6104a461179e565b6001600160a01b03165f80808047855af16104bd6112f8565b50156104c557005b631322dee160e11b5f5260045260245ffd5b346102a75760603660031901126102a7576004356104f481610386565b6105296104ff6102ab565b6044359260018060a01b03165f52600560205260405f209063ffffffff165f5260205260405f2090565b905f5260205260ff60405f20541660405180916020820190151582520390f35b5f9103126102a757565b346102a7575f3660031901126102a757602061056d61185c565b6001600160801b0360405191168152f35b6101003660031901126102a75760043560243561059a81610386565b6105a26102be565b6064356084359160a4359360c435956105ba87610386565b60e4356001600160401b0381116102a7576105ed976105e06105e89236906004016102f3565b505084611631565b6118e1565b604051908152602090f35b346102a75760403660031901126102a75760243560043561061882610386565b61062061179e565b5f818152602081815260408083206001600160a01b038616845290915290205460ff161561064a57005b5f818152602081815260408083206001600160a01b03861684529091529020805460ff1916600117905533916001600160a01b0316907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d5f80a4005b346102a75760403660031901126102a75760206106ed6106c4610294565b63ffffffff6106d16103fc565b91165f526004835260405f209060ff165f5260205260405f2090565b54604051908152f35b346102a7575f3660031901126102a7576020604051620493e08152f35b346102a7575f3660031901126102a757602060ff600754166040519015158152f35b801515036102a757565b346102a75760203660031901126102a7577f48bda5936070437c3cdfb9cd9c3479485293517bcf5f8e4e317a57fa0ee29aac602060043561077f81610735565b61078761179e565b151560ff196007541660ff821617600755604051908152a1005b346102a7575f3660031901126102a757602060405163ffffffff46168152f35b346102a75760403660031901126102a7576107da610294565b5060206024356107e981610386565b6040516001600160a01b0390911630148152f35b346102a7575f3660031901126102a7576001546040516001600160a01b039091168152602090f35b346102a75760203660031901126102a7576004355f526006602052602060ff60405f2054166040519015158152f35b6101003660031901126102a757610869610294565b610872366102e2565b60a43560c4359161088283610386565b60e435936001600160401b0385116102a7576108ab61036d946103ef60209736906004016102f3565b611544565b346102a75760403660031901126102a757602060ff6108f56024356004356108d782610386565b5f525f845260405f209060018060a01b03165f5260205260405f2090565b54166040519015158152f35b346102a7575f3660031901126102a75760206040517fe2b7fb3b832174769106daebcfd6d1970523240dda11281102db9363b83b0dc48152f35b346102a75760203660031901126102a75760043561095881610386565b61096061179e565b6001600160a01b031680156109b5576020817fc0d608a9d759eb771bacdfc74877244d268c439cfa7625a75c6c4f97ef670ae5926bffffffffffffffffffffffff60a01b6001541617600155604051908152a1005b638f02789160e01b5f5260045ffd5b346102a7575f3660031901126102a75760206040515f8152f35b346102a7575f3660031901126102a7576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b346102a75760803660031901126102a757600435610a3f81610386565b610a476102ab565b9060443591606435610a5881610735565b610a6061179e565b63ffffffff82169263ffffffff46168414610afc577f5d74dc95b3d1b00c1e26c0818eb965e8ffa19335bdedf2ab2fc631ea0368f14291610ac6610af79260018060a01b031694855f52600560205260405f209063ffffffff165f5260205260405f2090565b865f52602052610ae58160405f209060ff801983541691151516179055565b60405190151581529081906020820190565b0390a4005b8363280f27cb60e21b5f5260045260245ffd5b346102a75760403660031901126102a757602061036d610b2d610294565b610b356103fc565b9061133b565b346102a7575f3660031901126102a757602060405160048152f35b346102a75760203660031901126102a7577f0ae7b5b854ec0c052f0beb65737f4add96ce2c64d61c2b0ef46252721d5be4566020600435610b9561179e565b80600255604051908152a1005b346102a7575f3660031901126102a757602060405160068152f35b346102a7575f3660031901126102a757602060ff60075460081c166040519015158152f35b60e03660031901126102a757600435602435610bfd81610386565b610c056102be565b6064356084359060a4359260c435946001600160401b0386116102a757602096610c3661036d9736906004016102f3565b50506118e1565b346102a7575f3660031901126102a7576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b346102a7575f3660031901126102a7576020600354604051908152f35b6101003660031901126102a757610cb3610294565b610cbc36610375565b60c43560e435916001600160401b0383116102a757602093610ce561036d9436906004016102f3565b50506116bc565b346102a75760403660031901126102a757602435600435610d0c82610386565b610d1461179e565b5f818152602081815260408083206001600160a01b038616845290915290205460ff16610d3d57005b5f818152602081815260408083206001600160a01b03861684529091529020805460ff1916905533916001600160a01b0316907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b5f80a4005b346102a75760203660031901126102a7577f6154f4991f06c7e9e157ed92a0875e0b17f2ad8cd8a6bb15da745f7190be8d936020600435610dd681610735565b610dde61179e565b151560075461ff008260081b169061ff00191617600755604051908152a1005b346102a75760603660031901126102a757610e17610294565b610e1f6103fc565b7f2898e66bc28265cc38ccc19e150da8692757f0e8d63c19caeced8294fdd24266602060ff63ffffffff60443595610e5561179e565b1693845f526004835285610e778260405f209060ff165f5260205260405f2090565b556040519586521693a3005b346102a7575f3660031901126102a75760206040517f000000000000000000000000000000000000000000000000000000000000000015158152f35b346102a7575f3660031901126102a7576020600254604051908152f35b346102a75760403660031901126102a757610ef5610294565b6024356001600160401b0381116102a757610f149036906004016102f3565b90610f1d6117ed565b60075460081c60ff1661129457610f369181019061139c565b9290939163ffffffff461663ffffffff82160361127c5750610f6a610f63855f52600660205260405f2090565b5460ff1690565b61126857610f90610f83855f52600660205260405f2090565b805460ff19166001179055565b60ff811680610fa757505091610fa592611aa0565b005b9192916004810361112857505080602080610fc793518301019101611491565b918251907f40404ca7aec7bb7dfcd5488ffc7d087e7c5ea460fde6c0647b8405cc67328da261100060208601516001600160801b031690565b9161101560408701516001600160801b031690565b611072606088015192608089015161102b61185c565b9060405195869563ffffffff8c169987929360a0946001600160801b03809499989793998160c088019b168752166020860152604085015260608401521660808201520152565b0390a36001546110989061108c906001600160a01b031681565b6001600160a01b031690565b91823b156102a7576040805163a46f8a2b60e01b815263ffffffff9390931660048401528151602484015260208201516001600160801b03908116604485015290820151166064830152606081015160848301526080015160a4820152905f90829060c490829084905af180156111235761110f57005b8061111d5f610fa5936112b7565b80610549565b611486565b6006036112535750806020806111439351830101910161142f565b918251907fd11b2f4ee6becda94d49858743a66736b934ae589674834bfcddc01c9f118f5960208501519160408601516111d061118a60608901516001600160801b031690565b9261119361185c565b60405194859463ffffffff8b16988691936001600160801b03608094819398979660a0860199865260208601521660408401521660608201520152565b0390a36001546111ea9061108c906001600160a01b031681565b91823b156102a7576040805163d56f32cd60e01b815263ffffffff93909316600484015281516024840152602082015160448401528101516064830152606001516001600160801b03166084820152905f90829060a490829084905af180156111235761110f57005b63155e47a560e21b5f5260ff1660045260245ffd5b63398560f160e11b5f52600484905260245ffd5b63280f27cb60e21b5f5263ffffffff1660045260245ffd5b63326e16f960e01b5f5260045ffd5b634e487b7160e01b5f52604160045260245ffd5b90601f801991011681019081106001600160401b038211176112d857604052565b6112a3565b6001600160401b0381116112d857601f01601f191660200190565b3d15611322573d90611309826112dd565b9161131760405193846112b7565b82523d5f602084013e565b606090565b634e487b7160e01b5f52601160045260245ffd5b63ffffffff1690815f5260046020526113628160405f209060ff165f5260205260405f2090565b549182156113825750506002548082029182040361137d5790565b611327565b60ff9250632b6b8f3160e01b5f526004521660245260445ffd5b6080818303126102a7576113af8161040c565b926113bc602083016102d1565b926040830135926060810135906001600160401b0382116102a7570181601f820112156102a7578035906113ef826112dd565b926113fd60405194856112b7565b828452602083830101116102a757815f926020809301838601378301015290565b6001600160801b038116036102a757565b908160809103126102a7576040519060808201908282106001600160401b038311176112d857606091604052805183526020810151602084015260408101516040840152015161147e8161141e565b606082015290565b6040513d5f823e3d90fd5b908160a09103126102a7576040519060a08201908282106001600160401b038311176112d8576080916040528051835260208101516114cf8161141e565b602084015260408101516114e28161141e565b6040840152606081015160608401520151608082015290565b91909160606001600160801b0381608084019580358552602081013560208601526040810135604086015201356115318161141e565b16910152565b356115418161141e565b90565b60015491939290916001600160a01b03163303611622576115659082611d73565b61159060405161158a8161157c87602083016114fb565b03601f1981018352826112b7565b82611efe565b927fb7c94421522f468b39ff72af544d743c81192e0faf30a5fe760f90f234902bbb63ffffffff82359361161d8760208601356115d4606060408901359801611537565b6115dc61185c565b6040805193845260208401999099526001600160801b0391821698830198909852909616606087015230608087015260a086015291169290819060c0820190565b0390a3565b632979d47d60e11b5f5260045ffd5b6001600160a01b0390911690308203611648575050565b63ffffffff90637f6e20e360e01b5f521660045260245260445ffd5b91909160808060a0830194803584526001600160801b0360208201356116898161141e565b1660208501526001600160801b0360408201356116a58161141e565b166040850152606081013560608501520135910152565b60015491939290916116d6906001600160a01b031661108c565b3303611622576116e69082611e39565b6117036040516116fd8161157c8760208301611664565b82611f97565b927fa1c3c75e3909314f1328a7f2dbfd8605a9b131641cf273ebc4ad002e54fda97763ffffffff82359361161d8761173d60208701611537565b61174960408801611537565b966080606082013591013561175c61185c565b604080516001600160801b0395861681529a851660208c01528a019290925260608901521660808701523060a087015260c086015291169290819060e0820190565b335f9081527fad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5602052604090205460ff16156117d657565b63e2517d3f60e01b5f52336004525f60245260445ffd5b335f9081527ffaf93c3d007e112089dc8351e013e6685ef67703975d0224b26fc45941d4f1f5602052604090205460ff161561182557565b63e2517d3f60e01b5f52336004527fe2b7fb3b832174769106daebcfd6d1970523240dda11281102db9363b83b0dc460245260445ffd5b604051630134c3db60e51b81526020816004817f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165afa908115611123575f916118ac575090565b90506020813d6020116118d9575b816118c7602093836112b7565b810103126102a757516115418161141e565b3d91506118ba565b90929195948115611a64578415611a555761193e61193a610f638561192d8b61191a8a60018060a01b03165f52600560205260405f2090565b9063ffffffff165f5260205260405f2090565b905f5260205260405f2090565b1590565b611a2a579061196e7f7980e6d4a1da5a79a366841e705ef1a51b7ce48d5c1ceb315a08820a030b2dfe9288611e67565b61197881856120d6565b61198061185c565b90611a256119d4876119ce6119943361108c565b60408051602081018890529081018a9052606081019190915260808101929092526001600160801b03861660a08301528160c0810161157c565b8a612030565b6040805163ffffffff909b168b5260208b0196909652948901919091526001600160801b03909116606088015230608088015260a08701839052919533936001600160a01b031692819060c0820190565b0390a4565b639be64c1960e01b5f526001600160a01b03841660045263ffffffff8716602452604483905260645ffd5b63d27b444360e01b5f5260045ffd5b631f2a200560e01b5f5260045ffd5b908160a09103126102a757805191602082015191604081015191608060608301519201516115418161141e565b91611ad69161108c611ae3611ac161108c9460208082518301019101611a73565b9493959298919897909760018060a01b031690565b956001600160a01b031690565b907f000000000000000000000000000000000000000000000000000000000000000015611ce8575b6001600160a01b03858116957f00000000000000000000000000000000000000000000000000000000000000009182168703611baf575093611a2591611b7385857f50fcdd92133322161205c8f2767af5fda5fa51ebdd6ea972b08635ad5f0423a898612375565b60405194859460018060a01b03169985909493926001600160801b039060609363ffffffff608085019816845260208401521660408201520152565b9490917f0000000000000000000000000000000000000000000000000000000000000000611bde868286612332565b620493e05a10611cd9576001600160a01b03811696873b156102a757604051631c4e9ff760e31b81526001600160a01b0391821660048201526024810188905290861660448201527f50fcdd92133322161205c8f2767af5fda5fa51ebdd6ea972b08635ad5f0423a897611a2595889288925f90829060649082908490620493e0f19081611cc5575b50611cbc57611c79611c7e94826122f1565b612375565b6040518581526001600160a01b0385169088907f5e484dc77b9161908da1d2f0da5131cdaabac752ae7f0dd633ec8905627b518990602090a3611b73565b50505050611b73565b8061111d5f611cd3936112b7565b5f611c67565b6307099c5360e21b5f5260045ffd5b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316803b156102a7576040516340c10f1960e01b815230600482015260248101859052905f908290604490829084905af1801561112357611d52575b50611b0b565b8061111d5f611d60936112b7565b5f611d4c565b9190820391821161137d57565b60075460ff16611e2a5763ffffffff461663ffffffff82161461127c578115611e1b576006611da19161133b565b90813410611e0357813411611db4575050565b5f8080611dd4611dcd61108c839660018060a01b031690565b9534611d66565b855af1611ddf6112f8565b5015611de85750565b631322dee160e11b5f526001600160a01b031660045260245ffd5b63a458261b60e01b5f5260048290523460245260445ffd5b63334945f560e11b5f5260045ffd5b6356a6145d60e01b5f5260045ffd5b60075460ff16611e2a5763ffffffff461663ffffffff82161461127c578115611e1b576004611da19161133b565b60075460ff16611e2a5763ffffffff461663ffffffff82161461127c578115611e1b575f611da19161133b565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b909263ffffffff60809360ff611541979616845216602083015260408201528160608201520190611e94565b60409060ff61154194931681528160208201520190611e94565b91906003545f19811461137d577ff95cd0051b206c6730c7fdb42a0f8d5d7ff0f67a299fa4c57eade82f1a729c2461161d61157c9360018401600355611f89604051602081019046825230604082015263ffffffff8a1696876060830152608082015260808152611f7060a0826112b7565b5190209788968793604051948593600660208601611eb8565b604051918291600683611ee4565b91906003545f19811461137d577ff95cd0051b206c6730c7fdb42a0f8d5d7ff0f67a299fa4c57eade82f1a729c2461161d61157c9360018401600355612022604051602081019046825230604082015263ffffffff8a169687606083015260808201526080815261200960a0826112b7565b5190209788968793604051948593600460208601611eb8565b604051918291600483611ee4565b91906003545f19811461137d577ff95cd0051b206c6730c7fdb42a0f8d5d7ff0f67a299fa4c57eade82f1a729c2461161d61157c93600184016003556120ba604051602081019046825230604082015263ffffffff8a16968760608301526080820152608081526120a260a0826112b7565b51902097889687936040519485935f60208601611eb8565b6040519182915f83611ee4565b908160209103126102a7575190565b6040516370a0823160e01b81523060048201526001600160a01b0382169190602081602481865afa908115611123575f916122d2575b50612119843033856123ae565b6040516370a0823160e01b815230600482015290602082602481875afa80156111235761214d925f916122a3575b50611d66565b83811061228c57507f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316918290036121f9575b507f0000000000000000000000000000000000000000000000000000000000000000156121b3575050565b803b156102a757604051630852cd8d60e31b815260048101929092525f908290602490829084905af18015611123576121e95750565b8061111d5f6121f7936112b7565b565b7f0000000000000000000000000000000000000000000000000000000000000000612225848284612332565b6001600160a01b0316803b156102a757604051632797a47d60e21b81526001600160a01b03929092166004830152602482018490523060448301525f908290606490829084905af180156111235715612188578061111d5f612286936112b7565b5f612188565b63a18f407560e01b5f52600484905260245260445ffd5b6122c5915060203d6020116122cb575b6122bd81836112b7565b8101906120c7565b5f612147565b503d6122b3565b6122eb915060203d6020116122cb576122bd81836112b7565b5f61210c565b60405163095ea7b360e01b60208201526001600160a01b0390921660248301525f60448084019190915282526121f7919061232d6064836112b7565b6123f2565b60405163095ea7b360e01b60208201526001600160a01b03909216602483015260448201929092526121f79161232d82606481015b03601f1981018452836112b7565b60405163a9059cbb60e01b60208201526001600160a01b03909216602483015260448201929092526121f79161232d8260648101612367565b6040516323b872dd60e01b60208201526001600160a01b0392831660248201529290911660448301526064808301939093529181526121f79161232d6084836112b7565b90813b15612472575f816020829351910182855af161240f6112f8565b901561246a5780518015159182612445575b505061242a5750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b6020818101935091810103126102a757612463905161193a81610735565b5f80612421565b602081519101fd5b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fdad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5",
}

// PortalABI is the input ABI used to generate the binding from.
// Deprecated: Use PortalMetaData.ABI instead.
var PortalABI = PortalMetaData.ABI

// PortalBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use PortalMetaData.Bin instead.
var PortalBin = PortalMetaData.Bin

// DeployPortal deploys a new Ethereum contract, binding an instance of Portal to it.
func DeployPortal(auth *bind.TransactOpts, backend bind.ContractBackend, mToken_ common.Address, swapFacility_ common.Address, isHub_ bool, admin common.Address) (common.Address, *types.Transaction, *Portal, error) {
	parsed, err := PortalMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(PortalBin), backend, mToken_, swapFacility_, isHub_, admin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &Portal{PortalCaller: PortalCaller{contract: contract}, PortalTransactor: PortalTransactor{contract: contract}, PortalFilterer: PortalFilterer{contract: contract}}, nil
}

// Portal is an auto generated Go binding around an Ethereum contract.
type Portal struct {
	PortalCaller     // Read-only binding to the contract
	PortalTransactor // Write-only binding to the contract
	PortalFilterer   // Log filterer for contract events
}

// PortalCaller is an auto generated read-only Go binding around an Ethereum contract.
type PortalCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// PortalTransactor is an auto generated write-only Go binding around an Ethereum contract.
type PortalTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// PortalFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type PortalFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// PortalSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type PortalSession struct {
	Contract     *Portal           // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// PortalCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type PortalCallerSession struct {
	Contract *PortalCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts // Call options to use throughout this session
}

// PortalTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type PortalTransactorSession struct {
	Contract     *PortalTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// PortalRaw is an auto generated low-level Go binding around an Ethereum contract.
type PortalRaw struct {
	Contract *Portal // Generic contract binding to access the raw methods on
}

// PortalCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type PortalCallerRaw struct {
	Contract *PortalCaller // Generic read-only contract binding to access the raw methods on
}

// PortalTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type PortalTransactorRaw struct {
	Contract *PortalTransactor // Generic write-only contract binding to access the raw methods on
}

// NewPortal creates a new instance of Portal, bound to a specific deployed contract.
func NewPortal(address common.Address, backend bind.ContractBackend) (*Portal, error) {
	contract, err := bindPortal(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &Portal{PortalCaller: PortalCaller{contract: contract}, PortalTransactor: PortalTransactor{contract: contract}, PortalFilterer: PortalFilterer{contract: contract}}, nil
}

// NewPortalCaller creates a new read-only instance of Portal, bound to a specific deployed contract.
func NewPortalCaller(address common.Address, caller bind.ContractCaller) (*PortalCaller, error) {
	contract, err := bindPortal(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &PortalCaller{contract: contract}, nil
}

// NewPortalTransactor creates a new write-only instance of Portal, bound to a specific deployed contract.
func NewPortalTransactor(address common.Address, transactor bind.ContractTransactor) (*PortalTransactor, error) {
	contract, err := bindPortal(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &PortalTransactor{contract: contract}, nil
}

// NewPortalFilterer creates a new log filterer instance of Portal, bound to a specific deployed contract.
func NewPortalFilterer(address common.Address, filterer bind.ContractFilterer) (*PortalFilterer, error) {
	contract, err := bindPortal(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &PortalFilterer{contract: contract}, nil
}

// bindPortal binds a generic wrapper to an already deployed contract.
func bindPortal(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := PortalMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_Portal *PortalRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _Portal.Contract.PortalCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_Portal *PortalRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Portal.Contract.PortalTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_Portal *PortalRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _Portal.Contract.PortalTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_Portal *PortalCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _Portal.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_Portal *PortalTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Portal.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_Portal *PortalTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _Portal.Contract.contract.Transact(opts, method, params...)
}

// CANCELREPORT is a free data retrieval call binding the contract method 0xb8e5a8d8.
//
// Solidity: function CANCEL_REPORT() view returns(uint8)
func (_Portal *PortalCaller) CANCELREPORT(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "CANCEL_REPORT")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// CANCELREPORT is a free data retrieval call binding the contract method 0xb8e5a8d8.
//
// Solidity: function CANCEL_REPORT() view returns(uint8)
func (_Portal *PortalSession) CANCELREPORT() (uint8, error) {
	return _Portal.Contract.CANCELREPORT(&_Portal.CallOpts)
}

// CANCELREPORT is a free data retrieval call binding the contract method 0xb8e5a8d8.
//
// Solidity: function CANCEL_REPORT() view returns(uint8)
func (_Portal *PortalCallerSession) CANCELREPORT() (uint8, error) {
	return _Portal.Contract.CANCELREPORT(&_Portal.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_Portal *PortalCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_Portal *PortalSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _Portal.Contract.DEFAULTADMINROLE(&_Portal.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_Portal *PortalCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _Portal.Contract.DEFAULTADMINROLE(&_Portal.CallOpts)
}

// FILLREPORT is a free data retrieval call binding the contract method 0xb460f5d8.
//
// Solidity: function FILL_REPORT() view returns(uint8)
func (_Portal *PortalCaller) FILLREPORT(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "FILL_REPORT")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// FILLREPORT is a free data retrieval call binding the contract method 0xb460f5d8.
//
// Solidity: function FILL_REPORT() view returns(uint8)
func (_Portal *PortalSession) FILLREPORT() (uint8, error) {
	return _Portal.Contract.FILLREPORT(&_Portal.CallOpts)
}

// FILLREPORT is a free data retrieval call binding the contract method 0xb460f5d8.
//
// Solidity: function FILL_REPORT() view returns(uint8)
func (_Portal *PortalCallerSession) FILLREPORT() (uint8, error) {
	return _Portal.Contract.FILLREPORT(&_Portal.CallOpts)
}

// RELAYERROLE is a free data retrieval call binding the contract method 0x926d7d7f.
//
// Solidity: function RELAYER_ROLE() view returns(bytes32)
func (_Portal *PortalCaller) RELAYERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "RELAYER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// RELAYERROLE is a free data retrieval call binding the contract method 0x926d7d7f.
//
// Solidity: function RELAYER_ROLE() view returns(bytes32)
func (_Portal *PortalSession) RELAYERROLE() ([32]byte, error) {
	return _Portal.Contract.RELAYERROLE(&_Portal.CallOpts)
}

// RELAYERROLE is a free data retrieval call binding the contract method 0x926d7d7f.
//
// Solidity: function RELAYER_ROLE() view returns(bytes32)
func (_Portal *PortalCallerSession) RELAYERROLE() ([32]byte, error) {
	return _Portal.Contract.RELAYERROLE(&_Portal.CallOpts)
}

// TOKENTRANSFER is a free data retrieval call binding the contract method 0xbaee97f4.
//
// Solidity: function TOKEN_TRANSFER() view returns(uint8)
func (_Portal *PortalCaller) TOKENTRANSFER(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "TOKEN_TRANSFER")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// TOKENTRANSFER is a free data retrieval call binding the contract method 0xbaee97f4.
//
// Solidity: function TOKEN_TRANSFER() view returns(uint8)
func (_Portal *PortalSession) TOKENTRANSFER() (uint8, error) {
	return _Portal.Contract.TOKENTRANSFER(&_Portal.CallOpts)
}

// TOKENTRANSFER is a free data retrieval call binding the contract method 0xbaee97f4.
//
// Solidity: function TOKEN_TRANSFER() view returns(uint8)
func (_Portal *PortalCallerSession) TOKENTRANSFER() (uint8, error) {
	return _Portal.Contract.TOKENTRANSFER(&_Portal.CallOpts)
}

// WRAPGAS is a free data retrieval call binding the contract method 0x4285fab8.
//
// Solidity: function WRAP_GAS() view returns(uint256)
func (_Portal *PortalCaller) WRAPGAS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "WRAP_GAS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// WRAPGAS is a free data retrieval call binding the contract method 0x4285fab8.
//
// Solidity: function WRAP_GAS() view returns(uint256)
func (_Portal *PortalSession) WRAPGAS() (*big.Int, error) {
	return _Portal.Contract.WRAPGAS(&_Portal.CallOpts)
}

// WRAPGAS is a free data retrieval call binding the contract method 0x4285fab8.
//
// Solidity: function WRAP_GAS() view returns(uint256)
func (_Portal *PortalCallerSession) WRAPGAS() (*big.Int, error) {
	return _Portal.Contract.WRAPGAS(&_Portal.CallOpts)
}

// CurrentChainId is a free data retrieval call binding the contract method 0x6cbadbfa.
//
// Solidity: function currentChainId() view returns(uint32)
func (_Portal *PortalCaller) CurrentChainId(opts *bind.CallOpts) (uint32, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "currentChainId")

	if err != nil {
		return *new(uint32), err
	}

	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)

	return out0, err

}

// CurrentChainId is a free data retrieval call binding the contract method 0x6cbadbfa.
//
// Solidity: function currentChainId() view returns(uint32)
func (_Portal *PortalSession) CurrentChainId() (uint32, error) {
	return _Portal.Contract.CurrentChainId(&_Portal.CallOpts)
}

// CurrentChainId is a free data retrieval call binding the contract method 0x6cbadbfa.
//
// Solidity: function currentChainId() view returns(uint32)
func (_Portal *PortalCallerSession) CurrentChainId() (uint32, error) {
	return _Portal.Contract.CurrentChainId(&_Portal.CallOpts)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() view returns(uint128)
func (_Portal *PortalCaller) CurrentIndex(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "currentIndex")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() view returns(uint128)
func (_Portal *PortalSession) CurrentIndex() (*big.Int, error) {
	return _Portal.Contract.CurrentIndex(&_Portal.CallOpts)
}

// CurrentIndex is a free data retrieval call binding the contract method 0x26987b60.
//
// Solidity: function currentIndex() view returns(uint128)
func (_Portal *PortalCallerSession) CurrentIndex() (*big.Int, error) {
	return _Portal.Contract.CurrentIndex(&_Portal.CallOpts)
}

// DefaultBridgeAdapter is a free data retrieval call binding the contract method 0x132d9da7.
//
// Solidity: function defaultBridgeAdapter(uint32 ) view returns(address)
func (_Portal *PortalCaller) DefaultBridgeAdapter(opts *bind.CallOpts, arg0 uint32) (common.Address, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "defaultBridgeAdapter", arg0)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// DefaultBridgeAdapter is a free data retrieval call binding the contract method 0x132d9da7.
//
// Solidity: function defaultBridgeAdapter(uint32 ) view returns(address)
func (_Portal *PortalSession) DefaultBridgeAdapter(arg0 uint32) (common.Address, error) {
	return _Portal.Contract.DefaultBridgeAdapter(&_Portal.CallOpts, arg0)
}

// DefaultBridgeAdapter is a free data retrieval call binding the contract method 0x132d9da7.
//
// Solidity: function defaultBridgeAdapter(uint32 ) view returns(address)
func (_Portal *PortalCallerSession) DefaultBridgeAdapter(arg0 uint32) (common.Address, error) {
	return _Portal.Contract.DefaultBridgeAdapter(&_Portal.CallOpts, arg0)
}

// FeePerGas is a free data retrieval call binding the contract method 0xf84e1616.
//
// Solidity: function feePerGas() view returns(uint256)
func (_Portal *PortalCaller) FeePerGas(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "feePerGas")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// FeePerGas is a free data retrieval call binding the contract method 0xf84e1616.
//
// Solidity: function feePerGas() view returns(uint256)
func (_Portal *PortalSession) FeePerGas() (*big.Int, error) {
	return _Portal.Contract.FeePerGas(&_Portal.CallOpts)
}

// FeePerGas is a free data retrieval call binding the contract method 0xf84e1616.
//
// Solidity: function feePerGas() view returns(uint256)
func (_Portal *PortalCallerSession) FeePerGas() (*big.Int, error) {
	return _Portal.Contract.FeePerGas(&_Portal.CallOpts)
}

// GetNonce is a free data retrieval call binding the contract method 0xd087d288.
//
// Solidity: function getNonce() view returns(uint256)
func (_Portal *PortalCaller) GetNonce(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "getNonce")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetNonce is a free data retrieval call binding the contract method 0xd087d288.
//
// Solidity: function getNonce() view returns(uint256)
func (_Portal *PortalSession) GetNonce() (*big.Int, error) {
	return _Portal.Contract.GetNonce(&_Portal.CallOpts)
}

// GetNonce is a free data retrieval call binding the contract method 0xd087d288.
//
// Solidity: function getNonce() view returns(uint256)
func (_Portal *PortalCallerSession) GetNonce() (*big.Int, error) {
	return _Portal.Contract.GetNonce(&_Portal.CallOpts)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_Portal *PortalCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_Portal *PortalSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _Portal.Contract.HasRole(&_Portal.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_Portal *PortalCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _Portal.Contract.HasRole(&_Portal.CallOpts, role, account)
}

// IsHub is a free data retrieval call binding the contract method 0xf5857c77.
//
// Solidity: function isHub() view returns(bool)
func (_Portal *PortalCaller) IsHub(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "isHub")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsHub is a free data retrieval call binding the contract method 0xf5857c77.
//
// Solidity: function isHub() view returns(bool)
func (_Portal *PortalSession) IsHub() (bool, error) {
	return _Portal.Contract.IsHub(&_Portal.CallOpts)
}

// IsHub is a free data retrieval call binding the contract method 0xf5857c77.
//
// Solidity: function isHub() view returns(bool)
func (_Portal *PortalCallerSession) IsHub() (bool, error) {
	return _Portal.Contract.IsHub(&_Portal.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_Portal *PortalCaller) MToken(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "mToken")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_Portal *PortalSession) MToken() (common.Address, error) {
	return _Portal.Contract.MToken(&_Portal.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_Portal *PortalCallerSession) MToken() (common.Address, error) {
	return _Portal.Contract.MToken(&_Portal.CallOpts)
}

// OrderBook is a free data retrieval call binding the contract method 0x776af5ba.
//
// Solidity: function orderBook() view returns(address)
func (_Portal *PortalCaller) OrderBook(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "orderBook")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// OrderBook is a free data retrieval call binding the contract method 0x776af5ba.
//
// Solidity: function orderBook() view returns(address)
func (_Portal *PortalSession) OrderBook() (common.Address, error) {
	return _Portal.Contract.OrderBook(&_Portal.CallOpts)
}

// OrderBook is a free data retrieval call binding the contract method 0x776af5ba.
//
// Solidity: function orderBook() view returns(address)
func (_Portal *PortalCallerSession) OrderBook() (common.Address, error) {
	return _Portal.Contract.OrderBook(&_Portal.CallOpts)
}

// PayloadGasLimit is a free data retrieval call binding the contract method 0x306dd7ba.
//
// Solidity: function payloadGasLimit(uint32 destinationChainId, uint8 payloadType) view returns(uint256)
func (_Portal *PortalCaller) PayloadGasLimit(opts *bind.CallOpts, destinationChainId uint32, payloadType uint8) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "payloadGasLimit", destinationChainId, payloadType)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// PayloadGasLimit is a free data retrieval call binding the contract method 0x306dd7ba.
//
// Solidity: function payloadGasLimit(uint32 destinationChainId, uint8 payloadType) view returns(uint256)
func (_Portal *PortalSession) PayloadGasLimit(destinationChainId uint32, payloadType uint8) (*big.Int, error) {
	return _Portal.Contract.PayloadGasLimit(&_Portal.CallOpts, destinationChainId, payloadType)
}

// PayloadGasLimit is a free data retrieval call binding the contract method 0x306dd7ba.
//
// Solidity: function payloadGasLimit(uint32 destinationChainId, uint8 payloadType) view returns(uint256)
func (_Portal *PortalCallerSession) PayloadGasLimit(destinationChainId uint32, payloadType uint8) (*big.Int, error) {
	return _Portal.Contract.PayloadGasLimit(&_Portal.CallOpts, destinationChainId, payloadType)
}

// ProcessedMessages is a free data retrieval call binding the contract method 0x88ba16ab.
//
// Solidity: function processedMessages(bytes32 messageId) view returns(bool)
func (_Portal *PortalCaller) ProcessedMessages(opts *bind.CallOpts, messageId [32]byte) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "processedMessages", messageId)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// ProcessedMessages is a free data retrieval call binding the contract method 0x88ba16ab.
//
// Solidity: function processedMessages(bytes32 messageId) view returns(bool)
func (_Portal *PortalSession) ProcessedMessages(messageId [32]byte) (bool, error) {
	return _Portal.Contract.ProcessedMessages(&_Portal.CallOpts, messageId)
}

// ProcessedMessages is a free data retrieval call binding the contract method 0x88ba16ab.
//
// Solidity: function processedMessages(bytes32 messageId) view returns(bool)
func (_Portal *PortalCallerSession) ProcessedMessages(messageId [32]byte) (bool, error) {
	return _Portal.Contract.ProcessedMessages(&_Portal.CallOpts, messageId)
}

// Quote is a free data retrieval call binding the contract method 0x0e4608d3.
//
// Solidity: function quote(uint32 destinationChainId, uint8 payloadType, address bridgeAdapter) view returns(uint256)
func (_Portal *PortalCaller) Quote(opts *bind.CallOpts, destinationChainId uint32, payloadType uint8, bridgeAdapter common.Address) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "quote", destinationChainId, payloadType, bridgeAdapter)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Quote is a free data retrieval call binding the contract method 0x0e4608d3.
//
// Solidity: function quote(uint32 destinationChainId, uint8 payloadType, address bridgeAdapter) view returns(uint256)
func (_Portal *PortalSession) Quote(destinationChainId uint32, payloadType uint8, bridgeAdapter common.Address) (*big.Int, error) {
	return _Portal.Contract.Quote(&_Portal.CallOpts, destinationChainId, payloadType, bridgeAdapter)
}

// Quote is a free data retrieval call binding the contract method 0x0e4608d3.
//
// Solidity: function quote(uint32 destinationChainId, uint8 payloadType, address bridgeAdapter) view returns(uint256)
func (_Portal *PortalCallerSession) Quote(destinationChainId uint32, payloadType uint8, bridgeAdapter common.Address) (*big.Int, error) {
	return _Portal.Contract.Quote(&_Portal.CallOpts, destinationChainId, payloadType, bridgeAdapter)
}

// Quote0 is a free data retrieval call binding the contract method 0xb1117102.
//
// Solidity: function quote(uint32 destinationChainId, uint8 payloadType) view returns(uint256)
func (_Portal *PortalCaller) Quote0(opts *bind.CallOpts, destinationChainId uint32, payloadType uint8) (*big.Int, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "quote0", destinationChainId, payloadType)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Quote0 is a free data retrieval call binding the contract method 0xb1117102.
//
// Solidity: function quote(uint32 destinationChainId, uint8 payloadType) view returns(uint256)
func (_Portal *PortalSession) Quote0(destinationChainId uint32, payloadType uint8) (*big.Int, error) {
	return _Portal.Contract.Quote0(&_Portal.CallOpts, destinationChainId, payloadType)
}

// Quote0 is a free data retrieval call binding the contract method 0xb1117102.
//
// Solidity: function quote(uint32 destinationChainId, uint8 payloadType) view returns(uint256)
func (_Portal *PortalCallerSession) Quote0(destinationChainId uint32, payloadType uint8) (*big.Int, error) {
	return _Portal.Contract.Quote0(&_Portal.CallOpts, destinationChainId, payloadType)
}

// ReceivePaused is a free data retrieval call binding the contract method 0xbaa6ddcc.
//
// Solidity: function receivePaused() view returns(bool)
func (_Portal *PortalCaller) ReceivePaused(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "receivePaused")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// ReceivePaused is a free data retrieval call binding the contract method 0xbaa6ddcc.
//
// Solidity: function receivePaused() view returns(bool)
func (_Portal *PortalSession) ReceivePaused() (bool, error) {
	return _Portal.Contract.ReceivePaused(&_Portal.CallOpts)
}

// ReceivePaused is a free data retrieval call binding the contract method 0xbaa6ddcc.
//
// Solidity: function receivePaused() view returns(bool)
func (_Portal *PortalCallerSession) ReceivePaused() (bool, error) {
	return _Portal.Contract.ReceivePaused(&_Portal.CallOpts)
}

// SendPaused is a free data retrieval call binding the contract method 0x4591be41.
//
// Solidity: function sendPaused() view returns(bool)
func (_Portal *PortalCaller) SendPaused(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "sendPaused")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// SendPaused is a free data retrieval call binding the contract method 0x4591be41.
//
// Solidity: function sendPaused() view returns(bool)
func (_Portal *PortalSession) SendPaused() (bool, error) {
	return _Portal.Contract.SendPaused(&_Portal.CallOpts)
}

// SendPaused is a free data retrieval call binding the contract method 0x4591be41.
//
// Solidity: function sendPaused() view returns(bool)
func (_Portal *PortalCallerSession) SendPaused() (bool, error) {
	return _Portal.Contract.SendPaused(&_Portal.CallOpts)
}

// SupportedBridgeAdapter is a free data retrieval call binding the contract method 0x719cfd94.
//
// Solidity: function supportedBridgeAdapter(uint32 , address bridgeAdapter) view returns(bool)
func (_Portal *PortalCaller) SupportedBridgeAdapter(opts *bind.CallOpts, arg0 uint32, bridgeAdapter common.Address) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "supportedBridgeAdapter", arg0, bridgeAdapter)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// SupportedBridgeAdapter is a free data retrieval call binding the contract method 0x719cfd94.
//
// Solidity: function supportedBridgeAdapter(uint32 , address bridgeAdapter) view returns(bool)
func (_Portal *PortalSession) SupportedBridgeAdapter(arg0 uint32, bridgeAdapter common.Address) (bool, error) {
	return _Portal.Contract.SupportedBridgeAdapter(&_Portal.CallOpts, arg0, bridgeAdapter)
}

// SupportedBridgeAdapter is a free data retrieval call binding the contract method 0x719cfd94.
//
// Solidity: function supportedBridgeAdapter(uint32 , address bridgeAdapter) view returns(bool)
func (_Portal *PortalCallerSession) SupportedBridgeAdapter(arg0 uint32, bridgeAdapter common.Address) (bool, error) {
	return _Portal.Contract.SupportedBridgeAdapter(&_Portal.CallOpts, arg0, bridgeAdapter)
}

// SupportedBridgingPath is a free data retrieval call binding the contract method 0x1f8ba385.
//
// Solidity: function supportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken) view returns(bool)
func (_Portal *PortalCaller) SupportedBridgingPath(opts *bind.CallOpts, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte) (bool, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "supportedBridgingPath", sourceToken, destinationChainId, destinationToken)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// SupportedBridgingPath is a free data retrieval call binding the contract method 0x1f8ba385.
//
// Solidity: function supportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken) view returns(bool)
func (_Portal *PortalSession) SupportedBridgingPath(sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte) (bool, error) {
	return _Portal.Contract.SupportedBridgingPath(&_Portal.CallOpts, sourceToken, destinationChainId, destinationToken)
}

// SupportedBridgingPath is a free data retrieval call binding the contract method 0x1f8ba385.
//
// Solidity: function supportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken) view returns(bool)
func (_Portal *PortalCallerSession) SupportedBridgingPath(sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte) (bool, error) {
	return _Portal.Contract.SupportedBridgingPath(&_Portal.CallOpts, sourceToken, destinationChainId, destinationToken)
}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_Portal *PortalCaller) SwapFacility(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Portal.contract.Call(opts, &out, "swapFacility")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_Portal *PortalSession) SwapFacility() (common.Address, error) {
	return _Portal.Contract.SwapFacility(&_Portal.CallOpts)
}

// SwapFacility is a free data retrieval call binding the contract method 0xae06b7e4.
//
// Solidity: function swapFacility() view returns(address)
func (_Portal *PortalCallerSession) SwapFacility() (common.Address, error) {
	return _Portal.Contract.SwapFacility(&_Portal.CallOpts)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_Portal *PortalTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_Portal *PortalSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _Portal.Contract.GrantRole(&_Portal.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_Portal *PortalTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _Portal.Contract.GrantRole(&_Portal.TransactOpts, role, account)
}

// ReceiveMessage is a paid mutator transaction binding the contract method 0xfb9a98d6.
//
// Solidity: function receiveMessage(uint32 sourceChainId, bytes payload) returns()
func (_Portal *PortalTransactor) ReceiveMessage(opts *bind.TransactOpts, sourceChainId uint32, payload []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "receiveMessage", sourceChainId, payload)
}

// ReceiveMessage is a paid mutator transaction binding the contract method 0xfb9a98d6.
//
// Solidity: function receiveMessage(uint32 sourceChainId, bytes payload) returns()
func (_Portal *PortalSession) ReceiveMessage(sourceChainId uint32, payload []byte) (*types.Transaction, error) {
	return _Portal.Contract.ReceiveMessage(&_Portal.TransactOpts, sourceChainId, payload)
}

// ReceiveMessage is a paid mutator transaction binding the contract method 0xfb9a98d6.
//
// Solidity: function receiveMessage(uint32 sourceChainId, bytes payload) returns()
func (_Portal *PortalTransactorSession) ReceiveMessage(sourceChainId uint32, payload []byte) (*types.Transaction, error) {
	return _Portal.Contract.ReceiveMessage(&_Portal.TransactOpts, sourceChainId, payload)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_Portal *PortalTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_Portal *PortalSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _Portal.Contract.RevokeRole(&_Portal.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_Portal *PortalTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _Portal.Contract.RevokeRole(&_Portal.TransactOpts, role, account)
}

// SendCancelReport is a paid mutator transaction binding the contract method 0x0b4334d6.
//
// Solidity: function sendCancelReport(uint32 destinationChainId, (bytes32,bytes32,bytes32,uint128) report, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactor) SendCancelReport(opts *bind.TransactOpts, destinationChainId uint32, report CancelReport, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "sendCancelReport", destinationChainId, report, refundAddress, bridgeAdapterArgs)
}

// SendCancelReport is a paid mutator transaction binding the contract method 0x0b4334d6.
//
// Solidity: function sendCancelReport(uint32 destinationChainId, (bytes32,bytes32,bytes32,uint128) report, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalSession) SendCancelReport(destinationChainId uint32, report CancelReport, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendCancelReport(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapterArgs)
}

// SendCancelReport is a paid mutator transaction binding the contract method 0x0b4334d6.
//
// Solidity: function sendCancelReport(uint32 destinationChainId, (bytes32,bytes32,bytes32,uint128) report, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactorSession) SendCancelReport(destinationChainId uint32, report CancelReport, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendCancelReport(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapterArgs)
}

// SendCancelReport0 is a paid mutator transaction binding the contract method 0x8b5b7a89.
//
// Solidity: function sendCancelReport(uint32 destinationChainId, (bytes32,bytes32,bytes32,uint128) report, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactor) SendCancelReport0(opts *bind.TransactOpts, destinationChainId uint32, report CancelReport, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "sendCancelReport0", destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendCancelReport0 is a paid mutator transaction binding the contract method 0x8b5b7a89.
//
// Solidity: function sendCancelReport(uint32 destinationChainId, (bytes32,bytes32,bytes32,uint128) report, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalSession) SendCancelReport0(destinationChainId uint32, report CancelReport, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendCancelReport0(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendCancelReport0 is a paid mutator transaction binding the contract method 0x8b5b7a89.
//
// Solidity: function sendCancelReport(uint32 destinationChainId, (bytes32,bytes32,bytes32,uint128) report, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactorSession) SendCancelReport0(destinationChainId uint32, report CancelReport, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendCancelReport0(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendFillReport is a paid mutator transaction binding the contract method 0x0c12b261.
//
// Solidity: function sendFillReport(uint32 destinationChainId, (bytes32,uint128,uint128,bytes32,bytes32) report, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactor) SendFillReport(opts *bind.TransactOpts, destinationChainId uint32, report FillReport, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "sendFillReport", destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendFillReport is a paid mutator transaction binding the contract method 0x0c12b261.
//
// Solidity: function sendFillReport(uint32 destinationChainId, (bytes32,uint128,uint128,bytes32,bytes32) report, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalSession) SendFillReport(destinationChainId uint32, report FillReport, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendFillReport(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendFillReport is a paid mutator transaction binding the contract method 0x0c12b261.
//
// Solidity: function sendFillReport(uint32 destinationChainId, (bytes32,uint128,uint128,bytes32,bytes32) report, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactorSession) SendFillReport(destinationChainId uint32, report FillReport, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendFillReport(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendFillReport0 is a paid mutator transaction binding the contract method 0xd47d4205.
//
// Solidity: function sendFillReport(uint32 destinationChainId, (bytes32,uint128,uint128,bytes32,bytes32) report, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactor) SendFillReport0(opts *bind.TransactOpts, destinationChainId uint32, report FillReport, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "sendFillReport0", destinationChainId, report, refundAddress, bridgeAdapterArgs)
}

// SendFillReport0 is a paid mutator transaction binding the contract method 0xd47d4205.
//
// Solidity: function sendFillReport(uint32 destinationChainId, (bytes32,uint128,uint128,bytes32,bytes32) report, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalSession) SendFillReport0(destinationChainId uint32, report FillReport, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendFillReport0(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapterArgs)
}

// SendFillReport0 is a paid mutator transaction binding the contract method 0xd47d4205.
//
// Solidity: function sendFillReport(uint32 destinationChainId, (bytes32,uint128,uint128,bytes32,bytes32) report, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactorSession) SendFillReport0(destinationChainId uint32, report FillReport, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendFillReport0(&_Portal.TransactOpts, destinationChainId, report, refundAddress, bridgeAdapterArgs)
}

// SendToken is a paid mutator transaction binding the contract method 0x2847563e.
//
// Solidity: function sendToken(uint256 amount, address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactor) SendToken(opts *bind.TransactOpts, amount *big.Int, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, recipient [32]byte, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "sendToken", amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendToken is a paid mutator transaction binding the contract method 0x2847563e.
//
// Solidity: function sendToken(uint256 amount, address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalSession) SendToken(amount *big.Int, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, recipient [32]byte, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendToken(&_Portal.TransactOpts, amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendToken is a paid mutator transaction binding the contract method 0x2847563e.
//
// Solidity: function sendToken(uint256 amount, address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress, address bridgeAdapter, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactorSession) SendToken(amount *big.Int, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, recipient [32]byte, refundAddress [32]byte, bridgeAdapter common.Address, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendToken(&_Portal.TransactOpts, amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress, bridgeAdapter, bridgeAdapterArgs)
}

// SendToken0 is a paid mutator transaction binding the contract method 0xbb28df4a.
//
// Solidity: function sendToken(uint256 amount, address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactor) SendToken0(opts *bind.TransactOpts, amount *big.Int, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, recipient [32]byte, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "sendToken0", amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress, bridgeAdapterArgs)
}

// SendToken0 is a paid mutator transaction binding the contract method 0xbb28df4a.
//
// Solidity: function sendToken(uint256 amount, address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalSession) SendToken0(amount *big.Int, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, recipient [32]byte, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendToken0(&_Portal.TransactOpts, amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress, bridgeAdapterArgs)
}

// SendToken0 is a paid mutator transaction binding the contract method 0xbb28df4a.
//
// Solidity: function sendToken(uint256 amount, address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress, bytes bridgeAdapterArgs) payable returns(bytes32)
func (_Portal *PortalTransactorSession) SendToken0(amount *big.Int, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, recipient [32]byte, refundAddress [32]byte, bridgeAdapterArgs []byte) (*types.Transaction, error) {
	return _Portal.Contract.SendToken0(&_Portal.TransactOpts, amount, sourceToken, destinationChainId, destinationToken, recipient, refundAddress, bridgeAdapterArgs)
}

// SetFeePerGas is a paid mutator transaction binding the contract method 0xb6b031eb.
//
// Solidity: function setFeePerGas(uint256 feePerGas_) returns()
func (_Portal *PortalTransactor) SetFeePerGas(opts *bind.TransactOpts, feePerGas_ *big.Int) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "setFeePerGas", feePerGas_)
}

// SetFeePerGas is a paid mutator transaction binding the contract method 0xb6b031eb.
//
// Solidity: function setFeePerGas(uint256 feePerGas_) returns()
func (_Portal *PortalSession) SetFeePerGas(feePerGas_ *big.Int) (*types.Transaction, error) {
	return _Portal.Contract.SetFeePerGas(&_Portal.TransactOpts, feePerGas_)
}

// SetFeePerGas is a paid mutator transaction binding the contract method 0xb6b031eb.
//
// Solidity: function setFeePerGas(uint256 feePerGas_) returns()
func (_Portal *PortalTransactorSession) SetFeePerGas(feePerGas_ *big.Int) (*types.Transaction, error) {
	return _Portal.Contract.SetFeePerGas(&_Portal.TransactOpts, feePerGas_)
}

// SetOrderBook is a paid mutator transaction binding the contract method 0x9a1598c8.
//
// Solidity: function setOrderBook(address orderBook_) returns()
func (_Portal *PortalTransactor) SetOrderBook(opts *bind.TransactOpts, orderBook_ common.Address) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "setOrderBook", orderBook_)
}

// SetOrderBook is a paid mutator transaction binding the contract method 0x9a1598c8.
//
// Solidity: function setOrderBook(address orderBook_) returns()
func (_Portal *PortalSession) SetOrderBook(orderBook_ common.Address) (*types.Transaction, error) {
	return _Portal.Contract.SetOrderBook(&_Portal.TransactOpts, orderBook_)
}

// SetOrderBook is a paid mutator transaction binding the contract method 0x9a1598c8.
//
// Solidity: function setOrderBook(address orderBook_) returns()
func (_Portal *PortalTransactorSession) SetOrderBook(orderBook_ common.Address) (*types.Transaction, error) {
	return _Portal.Contract.SetOrderBook(&_Portal.TransactOpts, orderBook_)
}

// SetPayloadGasLimit is a paid mutator transaction binding the contract method 0xeccab0ee.
//
// Solidity: function setPayloadGasLimit(uint32 destinationChainId, uint8 payloadType, uint256 gasLimit) returns()
func (_Portal *PortalTransactor) SetPayloadGasLimit(opts *bind.TransactOpts, destinationChainId uint32, payloadType uint8, gasLimit *big.Int) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "setPayloadGasLimit", destinationChainId, payloadType, gasLimit)
}

// SetPayloadGasLimit is a paid mutator transaction binding the contract method 0xeccab0ee.
//
// Solidity: function setPayloadGasLimit(uint32 destinationChainId, uint8 payloadType, uint256 gasLimit) returns()
func (_Portal *PortalSession) SetPayloadGasLimit(destinationChainId uint32, payloadType uint8, gasLimit *big.Int) (*types.Transaction, error) {
	return _Portal.Contract.SetPayloadGasLimit(&_Portal.TransactOpts, destinationChainId, payloadType, gasLimit)
}

// SetPayloadGasLimit is a paid mutator transaction binding the contract method 0xeccab0ee.
//
// Solidity: function setPayloadGasLimit(uint32 destinationChainId, uint8 payloadType, uint256 gasLimit) returns()
func (_Portal *PortalTransactorSession) SetPayloadGasLimit(destinationChainId uint32, payloadType uint8, gasLimit *big.Int) (*types.Transaction, error) {
	return _Portal.Contract.SetPayloadGasLimit(&_Portal.TransactOpts, destinationChainId, payloadType, gasLimit)
}

// SetReceivePaused is a paid mutator transaction binding the contract method 0xd709bb95.
//
// Solidity: function setReceivePaused(bool paused) returns()
func (_Portal *PortalTransactor) SetReceivePaused(opts *bind.TransactOpts, paused bool) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "setReceivePaused", paused)
}

// SetReceivePaused is a paid mutator transaction binding the contract method 0xd709bb95.
//
// Solidity: function setReceivePaused(bool paused) returns()
func (_Portal *PortalSession) SetReceivePaused(paused bool) (*types.Transaction, error) {
	return _Portal.Contract.SetReceivePaused(&_Portal.TransactOpts, paused)
}

// SetReceivePaused is a paid mutator transaction binding the contract method 0xd709bb95.
//
// Solidity: function setReceivePaused(bool paused) returns()
func (_Portal *PortalTransactorSession) SetReceivePaused(paused bool) (*types.Transaction, error) {
	return _Portal.Contract.SetReceivePaused(&_Portal.TransactOpts, paused)
}

// SetSendPaused is a paid mutator transaction binding the contract method 0x5feed24e.
//
// Solidity: function setSendPaused(bool paused) returns()
func (_Portal *PortalTransactor) SetSendPaused(opts *bind.TransactOpts, paused bool) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "setSendPaused", paused)
}

// SetSendPaused is a paid mutator transaction binding the contract method 0x5feed24e.
//
// Solidity: function setSendPaused(bool paused) returns()
func (_Portal *PortalSession) SetSendPaused(paused bool) (*types.Transaction, error) {
	return _Portal.Contract.SetSendPaused(&_Portal.TransactOpts, paused)
}

// SetSendPaused is a paid mutator transaction binding the contract method 0x5feed24e.
//
// Solidity: function setSendPaused(bool paused) returns()
func (_Portal *PortalTransactorSession) SetSendPaused(paused bool) (*types.Transaction, error) {
	return _Portal.Contract.SetSendPaused(&_Portal.TransactOpts, paused)
}

// SetSupportedBridgingPath is a paid mutator transaction binding the contract method 0xb052606a.
//
// Solidity: function setSupportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bool supported) returns()
func (_Portal *PortalTransactor) SetSupportedBridgingPath(opts *bind.TransactOpts, sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, supported bool) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "setSupportedBridgingPath", sourceToken, destinationChainId, destinationToken, supported)
}

// SetSupportedBridgingPath is a paid mutator transaction binding the contract method 0xb052606a.
//
// Solidity: function setSupportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bool supported) returns()
func (_Portal *PortalSession) SetSupportedBridgingPath(sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, supported bool) (*types.Transaction, error) {
	return _Portal.Contract.SetSupportedBridgingPath(&_Portal.TransactOpts, sourceToken, destinationChainId, destinationToken, supported)
}

// SetSupportedBridgingPath is a paid mutator transaction binding the contract method 0xb052606a.
//
// Solidity: function setSupportedBridgingPath(address sourceToken, uint32 destinationChainId, bytes32 destinationToken, bool supported) returns()
func (_Portal *PortalTransactorSession) SetSupportedBridgingPath(sourceToken common.Address, destinationChainId uint32, destinationToken [32]byte, supported bool) (*types.Transaction, error) {
	return _Portal.Contract.SetSupportedBridgingPath(&_Portal.TransactOpts, sourceToken, destinationChainId, destinationToken, supported)
}

// WithdrawFees is a paid mutator transaction binding the contract method 0x164e68de.
//
// Solidity: function withdrawFees(address to) returns()
func (_Portal *PortalTransactor) WithdrawFees(opts *bind.TransactOpts, to common.Address) (*types.Transaction, error) {
	return _Portal.contract.Transact(opts, "withdrawFees", to)
}

// WithdrawFees is a paid mutator transaction binding the contract method 0x164e68de.
//
// Solidity: function withdrawFees(address to) returns()
func (_Portal *PortalSession) WithdrawFees(to common.Address) (*types.Transaction, error) {
	return _Portal.Contract.WithdrawFees(&_Portal.TransactOpts, to)
}

// WithdrawFees is a paid mutator transaction binding the contract method 0x164e68de.
//
// Solidity: function withdrawFees(address to) returns()
func (_Portal *PortalTransactorSession) WithdrawFees(to common.Address) (*types.Transaction, error) {
	return _Portal.Contract.WithdrawFees(&_Portal.TransactOpts, to)
}

// PortalCancelReportReceivedIterator is returned from FilterCancelReportReceived and is used to iterate over the raw logs and unpacked data for CancelReportReceived events raised by the Portal contract.
type PortalCancelReportReceivedIterator struct {
	Event *PortalCancelReportReceived // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalCancelReportReceivedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalCancelReportReceived)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalCancelReportReceived)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalCancelReportReceivedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalCancelReportReceivedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalCancelReportReceived represents a CancelReportReceived event raised by the Portal contract.
type PortalCancelReportReceived struct {
	SourceChainId    uint32
	OrderId          [32]byte
	OriginSender     [32]byte
	TokenIn          [32]byte
	AmountInToRefund *big.Int
	Index            *big.Int
	MessageId        [32]byte
	Raw              types.Log // Blockchain specific contextual infos
}

// FilterCancelReportReceived is a free log retrieval operation binding the contract event 0xd11b2f4ee6becda94d49858743a66736b934ae589674834bfcddc01c9f118f59.
//
// Solidity: event CancelReportReceived(uint32 indexed sourceChainId, bytes32 indexed orderId, bytes32 originSender, bytes32 tokenIn, uint128 amountInToRefund, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) FilterCancelReportReceived(opts *bind.FilterOpts, sourceChainId []uint32, orderId [][32]byte) (*PortalCancelReportReceivedIterator, error) {

	var sourceChainIdRule []interface{}
	for _, sourceChainIdItem := range sourceChainId {
		sourceChainIdRule = append(sourceChainIdRule, sourceChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "CancelReportReceived", sourceChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return &PortalCancelReportReceivedIterator{contract: _Portal.contract, event: "CancelReportReceived", logs: logs, sub: sub}, nil
}

// WatchCancelReportReceived is a free log subscription operation binding the contract event 0xd11b2f4ee6becda94d49858743a66736b934ae589674834bfcddc01c9f118f59.
//
// Solidity: event CancelReportReceived(uint32 indexed sourceChainId, bytes32 indexed orderId, bytes32 originSender, bytes32 tokenIn, uint128 amountInToRefund, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) WatchCancelReportReceived(opts *bind.WatchOpts, sink chan<- *PortalCancelReportReceived, sourceChainId []uint32, orderId [][32]byte) (event.Subscription, error) {

	var sourceChainIdRule []interface{}
	for _, sourceChainIdItem := range sourceChainId {
		sourceChainIdRule = append(sourceChainIdRule, sourceChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "CancelReportReceived", sourceChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalCancelReportReceived)
				if err := _Portal.contract.UnpackLog(event, "CancelReportReceived", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseCancelReportReceived is a log parse operation binding the contract event 0xd11b2f4ee6becda94d49858743a66736b934ae589674834bfcddc01c9f118f59.
//
// Solidity: event CancelReportReceived(uint32 indexed sourceChainId, bytes32 indexed orderId, bytes32 originSender, bytes32 tokenIn, uint128 amountInToRefund, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) ParseCancelReportReceived(log types.Log) (*PortalCancelReportReceived, error) {
	event := new(PortalCancelReportReceived)
	if err := _Portal.contract.UnpackLog(event, "CancelReportReceived", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalCancelReportSentIterator is returned from FilterCancelReportSent and is used to iterate over the raw logs and unpacked data for CancelReportSent events raised by the Portal contract.
type PortalCancelReportSentIterator struct {
	Event *PortalCancelReportSent // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalCancelReportSentIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalCancelReportSent)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalCancelReportSent)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalCancelReportSentIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalCancelReportSentIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalCancelReportSent represents a CancelReportSent event raised by the Portal contract.
type PortalCancelReportSent struct {
	DestinationChainId uint32
	OrderId            [32]byte
	OriginSender       [32]byte
	TokenIn            [32]byte
	AmountInToRefund   *big.Int
	Index              *big.Int
	BridgeAdapter      common.Address
	MessageId          [32]byte
	Raw                types.Log // Blockchain specific contextual infos
}

// FilterCancelReportSent is a free log retrieval operation binding the contract event 0xb7c94421522f468b39ff72af544d743c81192e0faf30a5fe760f90f234902bbb.
//
// Solidity: event CancelReportSent(uint32 indexed destinationChainId, bytes32 indexed orderId, bytes32 originSender, bytes32 tokenIn, uint128 amountInToRefund, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) FilterCancelReportSent(opts *bind.FilterOpts, destinationChainId []uint32, orderId [][32]byte) (*PortalCancelReportSentIterator, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "CancelReportSent", destinationChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return &PortalCancelReportSentIterator{contract: _Portal.contract, event: "CancelReportSent", logs: logs, sub: sub}, nil
}

// WatchCancelReportSent is a free log subscription operation binding the contract event 0xb7c94421522f468b39ff72af544d743c81192e0faf30a5fe760f90f234902bbb.
//
// Solidity: event CancelReportSent(uint32 indexed destinationChainId, bytes32 indexed orderId, bytes32 originSender, bytes32 tokenIn, uint128 amountInToRefund, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) WatchCancelReportSent(opts *bind.WatchOpts, sink chan<- *PortalCancelReportSent, destinationChainId []uint32, orderId [][32]byte) (event.Subscription, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "CancelReportSent", destinationChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalCancelReportSent)
				if err := _Portal.contract.UnpackLog(event, "CancelReportSent", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseCancelReportSent is a log parse operation binding the contract event 0xb7c94421522f468b39ff72af544d743c81192e0faf30a5fe760f90f234902bbb.
//
// Solidity: event CancelReportSent(uint32 indexed destinationChainId, bytes32 indexed orderId, bytes32 originSender, bytes32 tokenIn, uint128 amountInToRefund, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) ParseCancelReportSent(log types.Log) (*PortalCancelReportSent, error) {
	event := new(PortalCancelReportSent)
	if err := _Portal.contract.UnpackLog(event, "CancelReportSent", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalFeePerGasSetIterator is returned from FilterFeePerGasSet and is used to iterate over the raw logs and unpacked data for FeePerGasSet events raised by the Portal contract.
type PortalFeePerGasSetIterator struct {
	Event *PortalFeePerGasSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalFeePerGasSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalFeePerGasSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalFeePerGasSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalFeePerGasSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalFeePerGasSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalFeePerGasSet represents a FeePerGasSet event raised by the Portal contract.
type PortalFeePerGasSet struct {
	FeePerGas *big.Int
	Raw       types.Log // Blockchain specific contextual infos
}

// FilterFeePerGasSet is a free log retrieval operation binding the contract event 0x0ae7b5b854ec0c052f0beb65737f4add96ce2c64d61c2b0ef46252721d5be456.
//
// Solidity: event FeePerGasSet(uint256 feePerGas)
func (_Portal *PortalFilterer) FilterFeePerGasSet(opts *bind.FilterOpts) (*PortalFeePerGasSetIterator, error) {

	logs, sub, err := _Portal.contract.FilterLogs(opts, "FeePerGasSet")
	if err != nil {
		return nil, err
	}
	return &PortalFeePerGasSetIterator{contract: _Portal.contract, event: "FeePerGasSet", logs: logs, sub: sub}, nil
}

// WatchFeePerGasSet is a free log subscription operation binding the contract event 0x0ae7b5b854ec0c052f0beb65737f4add96ce2c64d61c2b0ef46252721d5be456.
//
// Solidity: event FeePerGasSet(uint256 feePerGas)
func (_Portal *PortalFilterer) WatchFeePerGasSet(opts *bind.WatchOpts, sink chan<- *PortalFeePerGasSet) (event.Subscription, error) {

	logs, sub, err := _Portal.contract.WatchLogs(opts, "FeePerGasSet")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalFeePerGasSet)
				if err := _Portal.contract.UnpackLog(event, "FeePerGasSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseFeePerGasSet is a log parse operation binding the contract event 0x0ae7b5b854ec0c052f0beb65737f4add96ce2c64d61c2b0ef46252721d5be456.
//
// Solidity: event FeePerGasSet(uint256 feePerGas)
func (_Portal *PortalFilterer) ParseFeePerGasSet(log types.Log) (*PortalFeePerGasSet, error) {
	event := new(PortalFeePerGasSet)
	if err := _Portal.contract.UnpackLog(event, "FeePerGasSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalFillReportReceivedIterator is returned from FilterFillReportReceived and is used to iterate over the raw logs and unpacked data for FillReportReceived events raised by the Portal contract.
type PortalFillReportReceivedIterator struct {
	Event *PortalFillReportReceived // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalFillReportReceivedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalFillReportReceived)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalFillReportReceived)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalFillReportReceivedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalFillReportReceivedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalFillReportReceived represents a FillReportReceived event raised by the Portal contract.
type PortalFillReportReceived struct {
	SourceChainId     uint32
	OrderId           [32]byte
	AmountInToRelease *big.Int
	AmountOutFilled   *big.Int
	OriginRecipient   [32]byte
	TokenIn           [32]byte
	Index             *big.Int
	MessageId         [32]byte
	Raw               types.Log // Blockchain specific contextual infos
}

// FilterFillReportReceived is a free log retrieval operation binding the contract event 0x40404ca7aec7bb7dfcd5488ffc7d087e7c5ea460fde6c0647b8405cc67328da2.
//
// Solidity: event FillReportReceived(uint32 indexed sourceChainId, bytes32 indexed orderId, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 originRecipient, bytes32 tokenIn, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) FilterFillReportReceived(opts *bind.FilterOpts, sourceChainId []uint32, orderId [][32]byte) (*PortalFillReportReceivedIterator, error) {

	var sourceChainIdRule []interface{}
	for _, sourceChainIdItem := range sourceChainId {
		sourceChainIdRule = append(sourceChainIdRule, sourceChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "FillReportReceived", sourceChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return &PortalFillReportReceivedIterator{contract: _Portal.contract, event: "FillReportReceived", logs: logs, sub: sub}, nil
}

// WatchFillReportReceived is a free log subscription operation binding the contract event 0x40404ca7aec7bb7dfcd5488ffc7d087e7c5ea460fde6c0647b8405cc67328da2.
//
// Solidity: event FillReportReceived(uint32 indexed sourceChainId, bytes32 indexed orderId, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 originRecipient, bytes32 tokenIn, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) WatchFillReportReceived(opts *bind.WatchOpts, sink chan<- *PortalFillReportReceived, sourceChainId []uint32, orderId [][32]byte) (event.Subscription, error) {

	var sourceChainIdRule []interface{}
	for _, sourceChainIdItem := range sourceChainId {
		sourceChainIdRule = append(sourceChainIdRule, sourceChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "FillReportReceived", sourceChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalFillReportReceived)
				if err := _Portal.contract.UnpackLog(event, "FillReportReceived", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseFillReportReceived is a log parse operation binding the contract event 0x40404ca7aec7bb7dfcd5488ffc7d087e7c5ea460fde6c0647b8405cc67328da2.
//
// Solidity: event FillReportReceived(uint32 indexed sourceChainId, bytes32 indexed orderId, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 originRecipient, bytes32 tokenIn, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) ParseFillReportReceived(log types.Log) (*PortalFillReportReceived, error) {
	event := new(PortalFillReportReceived)
	if err := _Portal.contract.UnpackLog(event, "FillReportReceived", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalFillReportSentIterator is returned from FilterFillReportSent and is used to iterate over the raw logs and unpacked data for FillReportSent events raised by the Portal contract.
type PortalFillReportSentIterator struct {
	Event *PortalFillReportSent // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalFillReportSentIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalFillReportSent)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalFillReportSent)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalFillReportSentIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalFillReportSentIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalFillReportSent represents a FillReportSent event raised by the Portal contract.
type PortalFillReportSent struct {
	DestinationChainId uint32
	OrderId            [32]byte
	AmountInToRelease  *big.Int
	AmountOutFilled    *big.Int
	OriginRecipient    [32]byte
	TokenIn            [32]byte
	Index              *big.Int
	BridgeAdapter      common.Address
	MessageId          [32]byte
	Raw                types.Log // Blockchain specific contextual infos
}

// FilterFillReportSent is a free log retrieval operation binding the contract event 0xa1c3c75e3909314f1328a7f2dbfd8605a9b131641cf273ebc4ad002e54fda977.
//
// Solidity: event FillReportSent(uint32 indexed destinationChainId, bytes32 indexed orderId, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 originRecipient, bytes32 tokenIn, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) FilterFillReportSent(opts *bind.FilterOpts, destinationChainId []uint32, orderId [][32]byte) (*PortalFillReportSentIterator, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "FillReportSent", destinationChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return &PortalFillReportSentIterator{contract: _Portal.contract, event: "FillReportSent", logs: logs, sub: sub}, nil
}

// WatchFillReportSent is a free log subscription operation binding the contract event 0xa1c3c75e3909314f1328a7f2dbfd8605a9b131641cf273ebc4ad002e54fda977.
//
// Solidity: event FillReportSent(uint32 indexed destinationChainId, bytes32 indexed orderId, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 originRecipient, bytes32 tokenIn, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) WatchFillReportSent(opts *bind.WatchOpts, sink chan<- *PortalFillReportSent, destinationChainId []uint32, orderId [][32]byte) (event.Subscription, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "FillReportSent", destinationChainIdRule, orderIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalFillReportSent)
				if err := _Portal.contract.UnpackLog(event, "FillReportSent", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseFillReportSent is a log parse operation binding the contract event 0xa1c3c75e3909314f1328a7f2dbfd8605a9b131641cf273ebc4ad002e54fda977.
//
// Solidity: event FillReportSent(uint32 indexed destinationChainId, bytes32 indexed orderId, uint128 amountInToRelease, uint128 amountOutFilled, bytes32 originRecipient, bytes32 tokenIn, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) ParseFillReportSent(log types.Log) (*PortalFillReportSent, error) {
	event := new(PortalFillReportSent)
	if err := _Portal.contract.UnpackLog(event, "FillReportSent", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalMessageSentIterator is returned from FilterMessageSent and is used to iterate over the raw logs and unpacked data for MessageSent events raised by the Portal contract.
type PortalMessageSentIterator struct {
	Event *PortalMessageSent // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalMessageSentIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalMessageSent)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalMessageSent)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalMessageSentIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalMessageSentIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalMessageSent represents a MessageSent event raised by the Portal contract.
type PortalMessageSent struct {
	DestinationChainId uint32
	MessageId          [32]byte
	PayloadType        uint8
	Payload            []byte
	Raw                types.Log // Blockchain specific contextual infos
}

// FilterMessageSent is a free log retrieval operation binding the contract event 0xf95cd0051b206c6730c7fdb42a0f8d5d7ff0f67a299fa4c57eade82f1a729c24.
//
// Solidity: event MessageSent(uint32 indexed destinationChainId, bytes32 indexed messageId, uint8 payloadType, bytes payload)
func (_Portal *PortalFilterer) FilterMessageSent(opts *bind.FilterOpts, destinationChainId []uint32, messageId [][32]byte) (*PortalMessageSentIterator, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var messageIdRule []interface{}
	for _, messageIdItem := range messageId {
		messageIdRule = append(messageIdRule, messageIdItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "MessageSent", destinationChainIdRule, messageIdRule)
	if err != nil {
		return nil, err
	}
	return &PortalMessageSentIterator{contract: _Portal.contract, event: "MessageSent", logs: logs, sub: sub}, nil
}

// WatchMessageSent is a free log subscription operation binding the contract event 0xf95cd0051b206c6730c7fdb42a0f8d5d7ff0f67a299fa4c57eade82f1a729c24.
//
// Solidity: event MessageSent(uint32 indexed destinationChainId, bytes32 indexed messageId, uint8 payloadType, bytes payload)
func (_Portal *PortalFilterer) WatchMessageSent(opts *bind.WatchOpts, sink chan<- *PortalMessageSent, destinationChainId []uint32, messageId [][32]byte) (event.Subscription, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var messageIdRule []interface{}
	for _, messageIdItem := range messageId {
		messageIdRule = append(messageIdRule, messageIdItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "MessageSent", destinationChainIdRule, messageIdRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalMessageSent)
				if err := _Portal.contract.UnpackLog(event, "MessageSent", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseMessageSent is a log parse operation binding the contract event 0xf95cd0051b206c6730c7fdb42a0f8d5d7ff0f67a299fa4c57eade82f1a729c24.
//
// Solidity: event MessageSent(uint32 indexed destinationChainId, bytes32 indexed messageId, uint8 payloadType, bytes payload)
func (_Portal *PortalFilterer) ParseMessageSent(log types.Log) (*PortalMessageSent, error) {
	event := new(PortalMessageSent)
	if err := _Portal.contract.UnpackLog(event, "MessageSent", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalOrderBookSetIterator is returned from FilterOrderBookSet and is used to iterate over the raw logs and unpacked data for OrderBookSet events raised by the Portal contract.
type PortalOrderBookSetIterator struct {
	Event *PortalOrderBookSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalOrderBookSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalOrderBookSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalOrderBookSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalOrderBookSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalOrderBookSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalOrderBookSet represents a OrderBookSet event raised by the Portal contract.
type PortalOrderBookSet struct {
	OrderBook common.Address
	Raw       types.Log // Blockchain specific contextual infos
}

// FilterOrderBookSet is a free log retrieval operation binding the contract event 0xc0d608a9d759eb771bacdfc74877244d268c439cfa7625a75c6c4f97ef670ae5.
//
// Solidity: event OrderBookSet(address orderBook)
func (_Portal *PortalFilterer) FilterOrderBookSet(opts *bind.FilterOpts) (*PortalOrderBookSetIterator, error) {

	logs, sub, err := _Portal.contract.FilterLogs(opts, "OrderBookSet")
	if err != nil {
		return nil, err
	}
	return &PortalOrderBookSetIterator{contract: _Portal.contract, event: "OrderBookSet", logs: logs, sub: sub}, nil
}

// WatchOrderBookSet is a free log subscription operation binding the contract event 0xc0d608a9d759eb771bacdfc74877244d268c439cfa7625a75c6c4f97ef670ae5.
//
// Solidity: event OrderBookSet(address orderBook)
func (_Portal *PortalFilterer) WatchOrderBookSet(opts *bind.WatchOpts, sink chan<- *PortalOrderBookSet) (event.Subscription, error) {

	logs, sub, err := _Portal.contract.WatchLogs(opts, "OrderBookSet")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalOrderBookSet)
				if err := _Portal.contract.UnpackLog(event, "OrderBookSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderBookSet is a log parse operation binding the contract event 0xc0d608a9d759eb771bacdfc74877244d268c439cfa7625a75c6c4f97ef670ae5.
//
// Solidity: event OrderBookSet(address orderBook)
func (_Portal *PortalFilterer) ParseOrderBookSet(log types.Log) (*PortalOrderBookSet, error) {
	event := new(PortalOrderBookSet)
	if err := _Portal.contract.UnpackLog(event, "OrderBookSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalPayloadGasLimitSetIterator is returned from FilterPayloadGasLimitSet and is used to iterate over the raw logs and unpacked data for PayloadGasLimitSet events raised by the Portal contract.
type PortalPayloadGasLimitSetIterator struct {
	Event *PortalPayloadGasLimitSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalPayloadGasLimitSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalPayloadGasLimitSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalPayloadGasLimitSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalPayloadGasLimitSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalPayloadGasLimitSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalPayloadGasLimitSet represents a PayloadGasLimitSet event raised by the Portal contract.
type PortalPayloadGasLimitSet struct {
	DestinationChainId uint32
	PayloadType        uint8
	GasLimit           *big.Int
	Raw                types.Log // Blockchain specific contextual infos
}

// FilterPayloadGasLimitSet is a free log retrieval operation binding the contract event 0x2898e66bc28265cc38ccc19e150da8692757f0e8d63c19caeced8294fdd24266.
//
// Solidity: event PayloadGasLimitSet(uint32 indexed destinationChainId, uint8 indexed payloadType, uint256 gasLimit)
func (_Portal *PortalFilterer) FilterPayloadGasLimitSet(opts *bind.FilterOpts, destinationChainId []uint32, payloadType []uint8) (*PortalPayloadGasLimitSetIterator, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var payloadTypeRule []interface{}
	for _, payloadTypeItem := range payloadType {
		payloadTypeRule = append(payloadTypeRule, payloadTypeItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "PayloadGasLimitSet", destinationChainIdRule, payloadTypeRule)
	if err != nil {
		return nil, err
	}
	return &PortalPayloadGasLimitSetIterator{contract: _Portal.contract, event: "PayloadGasLimitSet", logs: logs, sub: sub}, nil
}

// WatchPayloadGasLimitSet is a free log subscription operation binding the contract event 0x2898e66bc28265cc38ccc19e150da8692757f0e8d63c19caeced8294fdd24266.
//
// Solidity: event PayloadGasLimitSet(uint32 indexed destinationChainId, uint8 indexed payloadType, uint256 gasLimit)
func (_Portal *PortalFilterer) WatchPayloadGasLimitSet(opts *bind.WatchOpts, sink chan<- *PortalPayloadGasLimitSet, destinationChainId []uint32, payloadType []uint8) (event.Subscription, error) {

	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var payloadTypeRule []interface{}
	for _, payloadTypeItem := range payloadType {
		payloadTypeRule = append(payloadTypeRule, payloadTypeItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "PayloadGasLimitSet", destinationChainIdRule, payloadTypeRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalPayloadGasLimitSet)
				if err := _Portal.contract.UnpackLog(event, "PayloadGasLimitSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParsePayloadGasLimitSet is a log parse operation binding the contract event 0x2898e66bc28265cc38ccc19e150da8692757f0e8d63c19caeced8294fdd24266.
//
// Solidity: event PayloadGasLimitSet(uint32 indexed destinationChainId, uint8 indexed payloadType, uint256 gasLimit)
func (_Portal *PortalFilterer) ParsePayloadGasLimitSet(log types.Log) (*PortalPayloadGasLimitSet, error) {
	event := new(PortalPayloadGasLimitSet)
	if err := _Portal.contract.UnpackLog(event, "PayloadGasLimitSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalReceivePausedSetIterator is returned from FilterReceivePausedSet and is used to iterate over the raw logs and unpacked data for ReceivePausedSet events raised by the Portal contract.
type PortalReceivePausedSetIterator struct {
	Event *PortalReceivePausedSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalReceivePausedSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalReceivePausedSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalReceivePausedSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalReceivePausedSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalReceivePausedSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalReceivePausedSet represents a ReceivePausedSet event raised by the Portal contract.
type PortalReceivePausedSet struct {
	Paused bool
	Raw    types.Log // Blockchain specific contextual infos
}

// FilterReceivePausedSet is a free log retrieval operation binding the contract event 0x6154f4991f06c7e9e157ed92a0875e0b17f2ad8cd8a6bb15da745f7190be8d93.
//
// Solidity: event ReceivePausedSet(bool paused)
func (_Portal *PortalFilterer) FilterReceivePausedSet(opts *bind.FilterOpts) (*PortalReceivePausedSetIterator, error) {

	logs, sub, err := _Portal.contract.FilterLogs(opts, "ReceivePausedSet")
	if err != nil {
		return nil, err
	}
	return &PortalReceivePausedSetIterator{contract: _Portal.contract, event: "ReceivePausedSet", logs: logs, sub: sub}, nil
}

// WatchReceivePausedSet is a free log subscription operation binding the contract event 0x6154f4991f06c7e9e157ed92a0875e0b17f2ad8cd8a6bb15da745f7190be8d93.
//
// Solidity: event ReceivePausedSet(bool paused)
func (_Portal *PortalFilterer) WatchReceivePausedSet(opts *bind.WatchOpts, sink chan<- *PortalReceivePausedSet) (event.Subscription, error) {

	logs, sub, err := _Portal.contract.WatchLogs(opts, "ReceivePausedSet")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalReceivePausedSet)
				if err := _Portal.contract.UnpackLog(event, "ReceivePausedSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseReceivePausedSet is a log parse operation binding the contract event 0x6154f4991f06c7e9e157ed92a0875e0b17f2ad8cd8a6bb15da745f7190be8d93.
//
// Solidity: event ReceivePausedSet(bool paused)
func (_Portal *PortalFilterer) ParseReceivePausedSet(log types.Log) (*PortalReceivePausedSet, error) {
	event := new(PortalReceivePausedSet)
	if err := _Portal.contract.UnpackLog(event, "ReceivePausedSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the Portal contract.
type PortalRoleGrantedIterator struct {
	Event *PortalRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalRoleGranted represents a RoleGranted event raised by the Portal contract.
type PortalRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_Portal *PortalFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*PortalRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &PortalRoleGrantedIterator{contract: _Portal.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_Portal *PortalFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *PortalRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalRoleGranted)
				if err := _Portal.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_Portal *PortalFilterer) ParseRoleGranted(log types.Log) (*PortalRoleGranted, error) {
	event := new(PortalRoleGranted)
	if err := _Portal.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the Portal contract.
type PortalRoleRevokedIterator struct {
	Event *PortalRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalRoleRevoked represents a RoleRevoked event raised by the Portal contract.
type PortalRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_Portal *PortalFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*PortalRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &PortalRoleRevokedIterator{contract: _Portal.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_Portal *PortalFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *PortalRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalRoleRevoked)
				if err := _Portal.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_Portal *PortalFilterer) ParseRoleRevoked(log types.Log) (*PortalRoleRevoked, error) {
	event := new(PortalRoleRevoked)
	if err := _Portal.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalSendPausedSetIterator is returned from FilterSendPausedSet and is used to iterate over the raw logs and unpacked data for SendPausedSet events raised by the Portal contract.
type PortalSendPausedSetIterator struct {
	Event *PortalSendPausedSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalSendPausedSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalSendPausedSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalSendPausedSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalSendPausedSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalSendPausedSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalSendPausedSet represents a SendPausedSet event raised by the Portal contract.
type PortalSendPausedSet struct {
	Paused bool
	Raw    types.Log // Blockchain specific contextual infos
}

// FilterSendPausedSet is a free log retrieval operation binding the contract event 0x48bda5936070437c3cdfb9cd9c3479485293517bcf5f8e4e317a57fa0ee29aac.
//
// Solidity: event SendPausedSet(bool paused)
func (_Portal *PortalFilterer) FilterSendPausedSet(opts *bind.FilterOpts) (*PortalSendPausedSetIterator, error) {

	logs, sub, err := _Portal.contract.FilterLogs(opts, "SendPausedSet")
	if err != nil {
		return nil, err
	}
	return &PortalSendPausedSetIterator{contract: _Portal.contract, event: "SendPausedSet", logs: logs, sub: sub}, nil
}

// WatchSendPausedSet is a free log subscription operation binding the contract event 0x48bda5936070437c3cdfb9cd9c3479485293517bcf5f8e4e317a57fa0ee29aac.
//
// Solidity: event SendPausedSet(bool paused)
func (_Portal *PortalFilterer) WatchSendPausedSet(opts *bind.WatchOpts, sink chan<- *PortalSendPausedSet) (event.Subscription, error) {

	logs, sub, err := _Portal.contract.WatchLogs(opts, "SendPausedSet")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalSendPausedSet)
				if err := _Portal.contract.UnpackLog(event, "SendPausedSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSendPausedSet is a log parse operation binding the contract event 0x48bda5936070437c3cdfb9cd9c3479485293517bcf5f8e4e317a57fa0ee29aac.
//
// Solidity: event SendPausedSet(bool paused)
func (_Portal *PortalFilterer) ParseSendPausedSet(log types.Log) (*PortalSendPausedSet, error) {
	event := new(PortalSendPausedSet)
	if err := _Portal.contract.UnpackLog(event, "SendPausedSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalSupportedBridgingPathSetIterator is returned from FilterSupportedBridgingPathSet and is used to iterate over the raw logs and unpacked data for SupportedBridgingPathSet events raised by the Portal contract.
type PortalSupportedBridgingPathSetIterator struct {
	Event *PortalSupportedBridgingPathSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalSupportedBridgingPathSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalSupportedBridgingPathSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalSupportedBridgingPathSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalSupportedBridgingPathSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalSupportedBridgingPathSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalSupportedBridgingPathSet represents a SupportedBridgingPathSet event raised by the Portal contract.
type PortalSupportedBridgingPathSet struct {
	SourceToken        common.Address
	DestinationChainId uint32
	DestinationToken   [32]byte
	Supported          bool
	Raw                types.Log // Blockchain specific contextual infos
}

// FilterSupportedBridgingPathSet is a free log retrieval operation binding the contract event 0x5d74dc95b3d1b00c1e26c0818eb965e8ffa19335bdedf2ab2fc631ea0368f142.
//
// Solidity: event SupportedBridgingPathSet(address indexed sourceToken, uint32 indexed destinationChainId, bytes32 indexed destinationToken, bool supported)
func (_Portal *PortalFilterer) FilterSupportedBridgingPathSet(opts *bind.FilterOpts, sourceToken []common.Address, destinationChainId []uint32, destinationToken [][32]byte) (*PortalSupportedBridgingPathSetIterator, error) {

	var sourceTokenRule []interface{}
	for _, sourceTokenItem := range sourceToken {
		sourceTokenRule = append(sourceTokenRule, sourceTokenItem)
	}
	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var destinationTokenRule []interface{}
	for _, destinationTokenItem := range destinationToken {
		destinationTokenRule = append(destinationTokenRule, destinationTokenItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "SupportedBridgingPathSet", sourceTokenRule, destinationChainIdRule, destinationTokenRule)
	if err != nil {
		return nil, err
	}
	return &PortalSupportedBridgingPathSetIterator{contract: _Portal.contract, event: "SupportedBridgingPathSet", logs: logs, sub: sub}, nil
}

// WatchSupportedBridgingPathSet is a free log subscription operation binding the contract event 0x5d74dc95b3d1b00c1e26c0818eb965e8ffa19335bdedf2ab2fc631ea0368f142.
//
// Solidity: event SupportedBridgingPathSet(address indexed sourceToken, uint32 indexed destinationChainId, bytes32 indexed destinationToken, bool supported)
func (_Portal *PortalFilterer) WatchSupportedBridgingPathSet(opts *bind.WatchOpts, sink chan<- *PortalSupportedBridgingPathSet, sourceToken []common.Address, destinationChainId []uint32, destinationToken [][32]byte) (event.Subscription, error) {

	var sourceTokenRule []interface{}
	for _, sourceTokenItem := range sourceToken {
		sourceTokenRule = append(sourceTokenRule, sourceTokenItem)
	}
	var destinationChainIdRule []interface{}
	for _, destinationChainIdItem := range destinationChainId {
		destinationChainIdRule = append(destinationChainIdRule, destinationChainIdItem)
	}
	var destinationTokenRule []interface{}
	for _, destinationTokenItem := range destinationToken {
		destinationTokenRule = append(destinationTokenRule, destinationTokenItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "SupportedBridgingPathSet", sourceTokenRule, destinationChainIdRule, destinationTokenRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalSupportedBridgingPathSet)
				if err := _Portal.contract.UnpackLog(event, "SupportedBridgingPathSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSupportedBridgingPathSet is a log parse operation binding the contract event 0x5d74dc95b3d1b00c1e26c0818eb965e8ffa19335bdedf2ab2fc631ea0368f142.
//
// Solidity: event SupportedBridgingPathSet(address indexed sourceToken, uint32 indexed destinationChainId, bytes32 indexed destinationToken, bool supported)
func (_Portal *PortalFilterer) ParseSupportedBridgingPathSet(log types.Log) (*PortalSupportedBridgingPathSet, error) {
	event := new(PortalSupportedBridgingPathSet)
	if err := _Portal.contract.UnpackLog(event, "SupportedBridgingPathSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalTokenReceivedIterator is returned from FilterTokenReceived and is used to iterate over the raw logs and unpacked data for TokenReceived events raised by the Portal contract.
type PortalTokenReceivedIterator struct {
	Event *PortalTokenReceived // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalTokenReceivedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalTokenReceived)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalTokenReceived)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalTokenReceivedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalTokenReceivedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalTokenReceived represents a TokenReceived event raised by the Portal contract.
type PortalTokenReceived struct {
	SourceChainId    uint32
	DestinationToken common.Address
	Sender           [32]byte
	Recipient        common.Address
	Amount           *big.Int
	Index            *big.Int
	MessageId        [32]byte
	Raw              types.Log // Blockchain specific contextual infos
}

// FilterTokenReceived is a free log retrieval operation binding the contract event 0x50fcdd92133322161205c8f2767af5fda5fa51ebdd6ea972b08635ad5f0423a8.
//
// Solidity: event TokenReceived(uint32 sourceChainId, address indexed destinationToken, bytes32 indexed sender, address indexed recipient, uint256 amount, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) FilterTokenReceived(opts *bind.FilterOpts, destinationToken []common.Address, sender [][32]byte, recipient []common.Address) (*PortalTokenReceivedIterator, error) {

	var destinationTokenRule []interface{}
	for _, destinationTokenItem := range destinationToken {
		destinationTokenRule = append(destinationTokenRule, destinationTokenItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "TokenReceived", destinationTokenRule, senderRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &PortalTokenReceivedIterator{contract: _Portal.contract, event: "TokenReceived", logs: logs, sub: sub}, nil
}

// WatchTokenReceived is a free log subscription operation binding the contract event 0x50fcdd92133322161205c8f2767af5fda5fa51ebdd6ea972b08635ad5f0423a8.
//
// Solidity: event TokenReceived(uint32 sourceChainId, address indexed destinationToken, bytes32 indexed sender, address indexed recipient, uint256 amount, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) WatchTokenReceived(opts *bind.WatchOpts, sink chan<- *PortalTokenReceived, destinationToken []common.Address, sender [][32]byte, recipient []common.Address) (event.Subscription, error) {

	var destinationTokenRule []interface{}
	for _, destinationTokenItem := range destinationToken {
		destinationTokenRule = append(destinationTokenRule, destinationTokenItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "TokenReceived", destinationTokenRule, senderRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalTokenReceived)
				if err := _Portal.contract.UnpackLog(event, "TokenReceived", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTokenReceived is a log parse operation binding the contract event 0x50fcdd92133322161205c8f2767af5fda5fa51ebdd6ea972b08635ad5f0423a8.
//
// Solidity: event TokenReceived(uint32 sourceChainId, address indexed destinationToken, bytes32 indexed sender, address indexed recipient, uint256 amount, uint128 index, bytes32 messageId)
func (_Portal *PortalFilterer) ParseTokenReceived(log types.Log) (*PortalTokenReceived, error) {
	event := new(PortalTokenReceived)
	if err := _Portal.contract.UnpackLog(event, "TokenReceived", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalTokenSentIterator is returned from FilterTokenSent and is used to iterate over the raw logs and unpacked data for TokenSent events raised by the Portal contract.
type PortalTokenSentIterator struct {
	Event *PortalTokenSent // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalTokenSentIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalTokenSent)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalTokenSent)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalTokenSentIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalTokenSentIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalTokenSent represents a TokenSent event raised by the Portal contract.
type PortalTokenSent struct {
	SourceToken        common.Address
	DestinationChainId uint32
	DestinationToken   [32]byte
	Sender             common.Address
	Recipient          [32]byte
	Amount             *big.Int
	Index              *big.Int
	BridgeAdapter      common.Address
	MessageId          [32]byte
	Raw                types.Log // Blockchain specific contextual infos
}

// FilterTokenSent is a free log retrieval operation binding the contract event 0x7980e6d4a1da5a79a366841e705ef1a51b7ce48d5c1ceb315a08820a030b2dfe.
//
// Solidity: event TokenSent(address indexed sourceToken, uint32 destinationChainId, bytes32 destinationToken, address indexed sender, bytes32 indexed recipient, uint256 amount, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) FilterTokenSent(opts *bind.FilterOpts, sourceToken []common.Address, sender []common.Address, recipient [][32]byte) (*PortalTokenSentIterator, error) {

	var sourceTokenRule []interface{}
	for _, sourceTokenItem := range sourceToken {
		sourceTokenRule = append(sourceTokenRule, sourceTokenItem)
	}

	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "TokenSent", sourceTokenRule, senderRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &PortalTokenSentIterator{contract: _Portal.contract, event: "TokenSent", logs: logs, sub: sub}, nil
}

// WatchTokenSent is a free log subscription operation binding the contract event 0x7980e6d4a1da5a79a366841e705ef1a51b7ce48d5c1ceb315a08820a030b2dfe.
//
// Solidity: event TokenSent(address indexed sourceToken, uint32 destinationChainId, bytes32 destinationToken, address indexed sender, bytes32 indexed recipient, uint256 amount, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) WatchTokenSent(opts *bind.WatchOpts, sink chan<- *PortalTokenSent, sourceToken []common.Address, sender []common.Address, recipient [][32]byte) (event.Subscription, error) {

	var sourceTokenRule []interface{}
	for _, sourceTokenItem := range sourceToken {
		sourceTokenRule = append(sourceTokenRule, sourceTokenItem)
	}

	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "TokenSent", sourceTokenRule, senderRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalTokenSent)
				if err := _Portal.contract.UnpackLog(event, "TokenSent", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTokenSent is a log parse operation binding the contract event 0x7980e6d4a1da5a79a366841e705ef1a51b7ce48d5c1ceb315a08820a030b2dfe.
//
// Solidity: event TokenSent(address indexed sourceToken, uint32 destinationChainId, bytes32 destinationToken, address indexed sender, bytes32 indexed recipient, uint256 amount, uint128 index, address bridgeAdapter, bytes32 messageId)
func (_Portal *PortalFilterer) ParseTokenSent(log types.Log) (*PortalTokenSent, error) {
	event := new(PortalTokenSent)
	if err := _Portal.contract.UnpackLog(event, "TokenSent", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// PortalWrapFailedIterator is returned from FilterWrapFailed and is used to iterate over the raw logs and unpacked data for WrapFailed events raised by the Portal contract.
type PortalWrapFailedIterator struct {
	Event *PortalWrapFailed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *PortalWrapFailedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(PortalWrapFailed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(PortalWrapFailed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *PortalWrapFailedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *PortalWrapFailedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// PortalWrapFailed represents a WrapFailed event raised by the Portal contract.
type PortalWrapFailed struct {
	DestinationExtension common.Address
	Recipient            common.Address
	Amount               *big.Int
	Raw                  types.Log // Blockchain specific contextual infos
}

// FilterWrapFailed is a free log retrieval operation binding the contract event 0x5e484dc77b9161908da1d2f0da5131cdaabac752ae7f0dd633ec8905627b5189.
//
// Solidity: event WrapFailed(address indexed destinationExtension, address indexed recipient, uint256 amount)
func (_Portal *PortalFilterer) FilterWrapFailed(opts *bind.FilterOpts, destinationExtension []common.Address, recipient []common.Address) (*PortalWrapFailedIterator, error) {

	var destinationExtensionRule []interface{}
	for _, destinationExtensionItem := range destinationExtension {
		destinationExtensionRule = append(destinationExtensionRule, destinationExtensionItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _Portal.contract.FilterLogs(opts, "WrapFailed", destinationExtensionRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &PortalWrapFailedIterator{contract: _Portal.contract, event: "WrapFailed", logs: logs, sub: sub}, nil
}

// WatchWrapFailed is a free log subscription operation binding the contract event 0x5e484dc77b9161908da1d2f0da5131cdaabac752ae7f0dd633ec8905627b5189.
//
// Solidity: event WrapFailed(address indexed destinationExtension, address indexed recipient, uint256 amount)
func (_Portal *PortalFilterer) WatchWrapFailed(opts *bind.WatchOpts, sink chan<- *PortalWrapFailed, destinationExtension []common.Address, recipient []common.Address) (event.Subscription, error) {

	var destinationExtensionRule []interface{}
	for _, destinationExtensionItem := range destinationExtension {
		destinationExtensionRule = append(destinationExtensionRule, destinationExtensionItem)
	}
	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _Portal.contract.WatchLogs(opts, "WrapFailed", destinationExtensionRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(PortalWrapFailed)
				if err := _Portal.contract.UnpackLog(event, "WrapFailed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseWrapFailed is a log parse operation binding the contract event 0x5e484dc77b9161908da1d2f0da5131cdaabac752ae7f0dd633ec8905627b5189.
//
// Solidity: event WrapFailed(address indexed destinationExtension, address indexed recipient, uint256 amount)
func (_Portal *PortalFilterer) ParseWrapFailed(log types.Log) (*PortalWrapFailed, error) {
	event := new(PortalWrapFailed)
	if err := _Portal.contract.UnpackLog(event, "WrapFailed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// QuoterV2MetaData contains all meta data concerning the QuoterV2 contract.
var QuoterV2MetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"factory_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint24\",\"name\":\"fee\",\"type\":\"uint24\"}],\"name\":\"PoolNotFound\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"factory\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"internalType\":\"uint24\",\"name\":\"fee\",\"type\":\"uint24\"},{\"internalType\":\"uint160\",\"name\":\"sqrtPriceLimitX96\",\"type\":\"uint160\"}],\"internalType\":\"structQuoteExactInputSingleParams\",\"name\":\"p\",\"type\":\"tuple\"}],\"name\":\"quoteExactInputSingle\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"},{\"internalType\":\"uint160\",\"name\":\"sqrtPriceX96After\",\"type\":\"uint160\"},{\"internalType\":\"uint32\",\"name\":\"initializedTicksCrossed\",\"type\":\"uint32\"},{\"internalType\":\"uint256\",\"name\":\"gasEstimate\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60a034606c57601f61047e38819003918201601f19168301916001600160401b03831184841017607057808492602094604052833981010312606c57516001600160a01b0381168103606c576080526040516103f99081610085823960805181818160fe01526103a80152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe6080806040526004361015610012575f80fd5b5f3560e01c908163c45a015514610396575063c6a5026a14610032575f80fd5b346102bf5760a03660031901126102bf5760405160a0810181811067ffffffffffffffff821117610382576040526004356001600160a01b03811691908281036102bf578152602435916001600160a01b038316908184036102bf5760208301938452604083019060443582526064359362ffffff8516918286036102bf5760608201958652608435926001600160a01b03841684036102bf57608083019384525a604051630b4c774160e11b81526004810193909352602483019690965260448201526020816064817f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165afa9081156102cb575f91610340575b506001600160a01b031694851561030c575051945182516040516310521b3760e31b81526001600160a01b039788169790921696909611600482018190526024820196909652939491602085604481895afa9485156102cb575f956102d6575b505160405163f7838e6b60e01b8152831515600482015260248101919091529460209086908180604481015b03915afa9485156102cb575f95610283575b50516001600160a01b03169081610229575b50505a81039081116102155760809260405192835260018060a01b031660208301525f60408301526060820152f35b634e487b7160e01b5f52601160045260245ffd5b15610272576001600160a01b03841610155b15610247575f806101e6565b60405162461bcd60e51b815260206004820152600360248201526214d41360ea1b6044820152606490fd5b6001600160a01b038416111561023b565b9094506020813d6020116102c3575b8161029f602093836103d7565b810103126102bf57516001600160a01b03811681036102bf57935f6101d4565b5f80fd5b3d9150610292565b6040513d5f823e3d90fd5b9094506020813d602011610304575b816102f2602093836103d7565b810103126102bf5751936101c2610196565b3d91506102e5565b90518651915163faa4d80d60e01b5f9081526001600160a01b039283166004529290911660245262ffffff16604452606490fd5b90506020813d60201161037a575b8161035b602093836103d7565b810103126102bf57516001600160a01b03811681036102bf575f610136565b3d915061034e565b634e487b7160e01b5f52604160045260245ffd5b346102bf575f3660031901126102bf577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b90601f8019910116810190811067ffffffffffffffff8211176103825760405256",
}

// QuoterV2ABI is the input ABI used to generate the binding from.
// Deprecated: Use QuoterV2MetaData.ABI instead.
var QuoterV2ABI = QuoterV2MetaData.ABI

// QuoterV2Bin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use QuoterV2MetaData.Bin instead.
var QuoterV2Bin = QuoterV2MetaData.Bin

// DeployQuoterV2 deploys a new Ethereum contract, binding an instance of QuoterV2 to it.
func DeployQuoterV2(auth *bind.TransactOpts, backend bind.ContractBackend, factory_ common.Address) (common.Address, *types.Transaction, *QuoterV2, error) {
	parsed, err := QuoterV2MetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(QuoterV2Bin), backend, factory_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &QuoterV2{QuoterV2Caller: QuoterV2Caller{contract: contract}, QuoterV2Transactor: QuoterV2Transactor{contract: contract}, QuoterV2Filterer: QuoterV2Filterer{contract: contract}}, nil
}

// QuoterV2 is an auto generated Go binding around an Ethereum contract.
type QuoterV2 struct {
	QuoterV2Caller     // Read-only binding to the contract
	QuoterV2Transactor // Write-only binding to the contract
	QuoterV2Filterer   // Log filterer for contract events
}

// QuoterV2Caller is an auto generated read-only Go binding around an Ethereum contract.
type QuoterV2Caller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// QuoterV2Transactor is an auto generated write-only Go binding around an Ethereum contract.
type QuoterV2Transactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// QuoterV2Filterer is an auto generated log filtering Go binding around an Ethereum contract events.
type QuoterV2Filterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// QuoterV2Session is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type QuoterV2Session struct {
	Contract     *QuoterV2         // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// QuoterV2CallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type QuoterV2CallerSession struct {
	Contract *QuoterV2Caller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts   // Call options to use throughout this session
}

// QuoterV2TransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type QuoterV2TransactorSession struct {
	Contract     *QuoterV2Transactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts   // Transaction auth options to use throughout this session
}

// QuoterV2Raw is an auto generated low-level Go binding around an Ethereum contract.
type QuoterV2Raw struct {
	Contract *QuoterV2 // Generic contract binding to access the raw methods on
}

// QuoterV2CallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type QuoterV2CallerRaw struct {
	Contract *QuoterV2Caller // Generic read-only contract binding to access the raw methods on
}

// QuoterV2TransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type QuoterV2TransactorRaw struct {
	Contract *QuoterV2Transactor // Generic write-only contract binding to access the raw methods on
}

// NewQuoterV2 creates a new instance of QuoterV2, bound to a specific deployed contract.
func NewQuoterV2(address common.Address, backend bind.ContractBackend) (*QuoterV2, error) {
	contract, err := bindQuoterV2(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &QuoterV2{QuoterV2Caller: QuoterV2Caller{contract: contract}, QuoterV2Transactor: QuoterV2Transactor{contract: contract}, QuoterV2Filterer: QuoterV2Filterer{contract: contract}}, nil
}

// NewQuoterV2Caller creates a new read-only instance of QuoterV2, bound to a specific deployed contract.
func NewQuoterV2Caller(address common.Address, caller bind.ContractCaller) (*QuoterV2Caller, error) {
	contract, err := bindQuoterV2(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &QuoterV2Caller{contract: contract}, nil
}

// NewQuoterV2Transactor creates a new write-only instance of QuoterV2, bound to a specific deployed contract.
func NewQuoterV2Transactor(address common.Address, transactor bind.ContractTransactor) (*QuoterV2Transactor, error) {
	contract, err := bindQuoterV2(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &QuoterV2Transactor{contract: contract}, nil
}

// NewQuoterV2Filterer creates a new log filterer instance of QuoterV2, bound to a specific deployed contract.
func NewQuoterV2Filterer(address common.Address, filterer bind.ContractFilterer) (*QuoterV2Filterer, error) {
	contract, err := bindQuoterV2(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &QuoterV2Filterer{contract: contract}, nil
}

// bindQuoterV2 binds a generic wrapper to an already deployed contract.
func bindQuoterV2(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := QuoterV2MetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_QuoterV2 *QuoterV2Raw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _QuoterV2.Contract.QuoterV2Caller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_QuoterV2 *QuoterV2Raw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _QuoterV2.Contract.QuoterV2Transactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_QuoterV2 *QuoterV2Raw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _QuoterV2.Contract.QuoterV2Transactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_QuoterV2 *QuoterV2CallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _QuoterV2.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_QuoterV2 *QuoterV2TransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _QuoterV2.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_QuoterV2 *QuoterV2TransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _QuoterV2.Contract.contract.Transact(opts, method, params...)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_QuoterV2 *QuoterV2Caller) Factory(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _QuoterV2.contract.Call(opts, &out, "factory")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_QuoterV2 *QuoterV2Session) Factory() (common.Address, error) {
	return _QuoterV2.Contract.Factory(&_QuoterV2.CallOpts)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_QuoterV2 *QuoterV2CallerSession) Factory() (common.Address, error) {
	return _QuoterV2.Contract.Factory(&_QuoterV2.CallOpts)
}

// QuoteExactInputSingle is a paid mutator transaction binding the contract method 0xc6a5026a.
//
// Solidity: function quoteExactInputSingle((address,address,uint256,uint24,uint160) p) returns(uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)
func (_QuoterV2 *QuoterV2Transactor) QuoteExactInputSingle(opts *bind.TransactOpts, p QuoteExactInputSingleParams) (*types.Transaction, error) {
	return _QuoterV2.contract.Transact(opts, "quoteExactInputSingle", p)
}

// QuoteExactInputSingle is a paid mutator transaction binding the contract method 0xc6a5026a.
//
// Solidity: function quoteExactInputSingle((address,address,uint256,uint24,uint160) p) returns(uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)
func (_QuoterV2 *QuoterV2Session) QuoteExactInputSingle(p QuoteExactInputSingleParams) (*types.Transaction, error) {
	return _QuoterV2.Contract.QuoteExactInputSingle(&_QuoterV2.TransactOpts, p)
}

// QuoteExactInputSingle is a paid mutator transaction binding the contract method 0xc6a5026a.
//
// Solidity: function quoteExactInputSingle((address,address,uint256,uint24,uint160) p) returns(uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)
func (_QuoterV2 *QuoterV2TransactorSession) QuoteExactInputSingle(p QuoteExactInputSingleParams) (*types.Transaction, error) {
	return _QuoterV2.Contract.QuoteExactInputSingle(&_QuoterV2.TransactOpts, p)
}

// SwapFacilityMetaData contains all meta data concerning the SwapFacility contract.
var SwapFacilityMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"mToken_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ContractLocked\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnforcedPause\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"}],\"name\":\"InvalidSwapPath\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"}],\"name\":\"NotApprovedExtension\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"}],\"name\":\"NotApprovedPermissionedSwapper\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"}],\"name\":\"NotApprovedSwapper\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"}],\"name\":\"PermissionedExtension\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAdmin\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroExtension\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroMToken\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroSwapper\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"approved\",\"type\":\"bool\"}],\"name\":\"AdminApprovedExtensionSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Paused\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"permissioned\",\"type\":\"bool\"}],\"name\":\"PermissionedExtensionSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"allowed\",\"type\":\"bool\"}],\"name\":\"PermissionedMSwapperSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extensionIn\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extensionOut\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"Swapped\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extensionOut\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"SwappedInM\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"extensionIn\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"SwappedOutM\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Unpaused\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"M_SWAPPER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PAUSER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"}],\"name\":\"canSwapViaPath\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"}],\"name\":\"isAdminApprovedExtension\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"}],\"name\":\"isApprovedExtension\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"}],\"name\":\"isMSwapper\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"}],\"name\":\"isPermissionedExtension\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"}],\"name\":\"isPermissionedMSwapper\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"mToken\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"msgSender\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"approved\",\"type\":\"bool\"}],\"name\":\"setAdminApprovedExtension\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"permissioned\",\"type\":\"bool\"}],\"name\":\"setPermissionedExtension\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extension\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"swapper\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"allowed\",\"type\":\"bool\"}],\"name\":\"setPermissionedMSwapper\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"swap\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extensionOut\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"swapInM\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"extensionIn\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"}],\"name\":\"swapOutM\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"swapWithPermit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"swapWithPermit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unpause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60a0346101ac57601f61186b38819003918201601f19168301916001600160401b038311848410176101b05780849260409485528339810103126101ac57610046816101c4565b906001600160a01b039061005c906020016101c4565b1690811561019d575f8281525f51602061184b5f395f51905f52602052604090205460ff161561015f575b6001600160a01b03811615610150576080525f8181525f51602061182b5f395f51905f52602052604090205460ff16156100f0575b60405161163290816101d9823960805181818161095601528181610c8e01528181610dec0152818161119d015261129d0152f35b5f8181525f51602061182b5f395f51905f5260205260408120805460ff191660011790553391907f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a905f51602061180b5f395f51905f529080a45f6100bc565b63b01d5e2b60e01b5f5260045ffd5b5f8281525f51602061184b5f395f51905f5260205260408120805460ff19166001179055339083905f51602061180b5f395f51905f528180a4610087565b633944ed8760e11b5f5260045ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036101ac5756fe60806040526004361015610011575f80fd5b5f3560e01c8063135597c31461019f57806314217eed1461019a5780632af4d36e146101955780632f2ff15d146101905780633f4ba83a1461018b5780635c975abb146101865780635d77e1ca1461018157806360657bc61461017c5780636e81221c14610177578063799c44b2146101725780638456cb591461016d57806391d14854146101685780639d4d470a146101635780639e5e91f41461015e578063a217fddf14610159578063a8ffb8a514610154578063b63b16481461012c578063c3b6f9391461014f578063d547741f1461014a578063d737d0c714610145578063d8e2113214610140578063de3d42541461013b578063e274ffb814610136578063e63ab1e9146101315763ff189d1c1461012c575f80fd5b610904565b610b3d565b610afb565b610a9c565b610a51565b610a2c565b610985565b610941565b6108ca565b6108b0565b61086e565b6107b2565b610770565b61071f565b610650565b6105df565b610583565b610506565b6104e4565b610496565b6103e1565b610345565b610227565b6101ea565b600435906001600160a01b03821682036101ba57565b5f80fd5b602435906001600160a01b03821682036101ba57565b606435906001600160a01b03821682036101ba57565b346101ba5760203660031901126101ba576001600160a01b0361020b6101a4565b165f526002602052602060ff60405f2054166040519015158152f35b346101ba576101003660031901126101ba576102416101a4565b6102496101be565b6044356102546101d4565b916084359360a43560ff81168091036101ba5760c4359060e4359060ff6004541661032c575f5c6001600160a01b031661031d575f805c6001600160a01b0319163317905d6001600160a01b038416803b156101ba576102f9985f60e4928195604051978896879563d505accf60e01b87523360048801523060248801528d60448801526064870152608486015260a485015260c48401525af1610303575b50610de0565b610301610b77565b005b806103115f61031793610b9c565b8061048c565b5f6102f3565b6337affdbf60e11b5f5260045ffd5b63d93c066560e01b5f5260045ffd5b801515036101ba57565b346101ba5760403660031901126101ba5761035e6101a4565b6024359061036b8261033b565b610373611048565b6001600160a01b03169081156103d25760207fa1e65189c2e656be12ff01879244361cbbc5fe8a08224278b332004fe3489f5891835f52600282526103c78160405f209060ff801983541691151516179055565b6040519015158152a2005b6308d6555b60e21b5f5260045ffd5b346101ba5760403660031901126101ba576004356103fd6101be565b90610406611048565b5f818152602081815260408083206001600160a01b038616845290915290205460ff161561043057005b5f818152602081815260408083206001600160a01b03861684529091529020805460ff1916600117905533916001600160a01b0316907f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d5f80a4005b5f9103126101ba57565b346101ba575f3660031901126101ba576104ae611097565b60ff19600454166004557f5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa6020604051338152a1005b346101ba575f3660031901126101ba57602060ff600454166040519015158152f35b346101ba5760c03660031901126101ba5761051f6101a4565b6105276101be565b604435916105336101d4565b6084359060a4359467ffffffffffffffff86116101ba57366023870112156101ba5785600401359467ffffffffffffffff86116101ba5736602487890101116101ba576024610301970194610bce565b346101ba5760403660031901126101ba57602060ff6105d36105a36101a4565b6105ab6101be565b6001600160a01b039182165f9081526003865260408082209290931681526020919091522090565b54166040519015158152f35b346101ba5760803660031901126101ba576105f86101a4565b6106006101be565b60443561060b6101d4565b9160ff6004541661032c575f5c6001600160a01b031661031d5761063f935f805c6001600160a01b0319163317905d610de0565b5f805c6001600160a01b031916905d005b346101ba5760603660031901126101ba576106696101a4565b6106716101be565b906044359061067f8261033b565b610687611048565b6001600160a01b03169081156103d2576001600160a01b03831692831561071057816107057fe315f6e65becaee65bf0cbc2a489ea61e16e2ab2845a5aa3ec92420dc284117a936106f4602094875f526003865260405f209060018060a01b03165f5260205260405f2090565b9060ff801983541691151516179055565b6040519015158152a3005b630613357160e31b5f5260045ffd5b346101ba575f3660031901126101ba57610737611097565b600160ff1960045416176004557f62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a2586020604051338152a1005b346101ba5760403660031901126101ba57602060ff6105d36004356107936101be565b905f525f845260405f209060018060a01b03165f5260205260405f2090565b346101ba5760403660031901126101ba576107cb6101a4565b602435906107d88261033b565b6107e0611048565b6001600160a01b03169081156103d25760207f9d4d0b01aa7e4fe9a02187a57e48faf9eaf09d1a084d3ab7a6ca3cd8f2047c1491835f52600182526103c78160405f209060ff801983541691151516179055565b60609060031901126101ba576004356001600160a01b03811681036101ba5790602435906044356001600160a01b03811681036101ba5790565b346101ba5761087c36610834565b9060ff6004541661032c575f5c6001600160a01b031661031d5761063f925f805c6001600160a01b0319163317905d611106565b346101ba575f3660031901126101ba5760206040515f8152f35b346101ba575f3660031901126101ba5760206040517fafa8499804819c4de3fc4b1a2e9723737c59b02467b5c043939709ac9f066b438152f35b346101ba5760203660031901126101ba576001600160a01b036109256101a4565b165f526001602052602060ff60405f2054166040519015158152f35b346101ba575f3660031901126101ba576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b346101ba5760403660031901126101ba576004356109a16101be565b906109aa611048565b5f818152602081815260408083206001600160a01b038616845290915290205460ff166109d357005b5f818152602081815260408083206001600160a01b03861684529091529020805460ff1916905533916001600160a01b0316907ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b5f80a4005b346101ba575f3660031901126101ba576040515f5c6001600160a01b03168152602090f35b346101ba5760603660031901126101ba57610a6a6101a4565b610a726101be565b906044356001600160a01b03811681036101ba57602092610a9292610c81565b6040519015158152f35b346101ba5760203660031901126101ba57602060ff6105d3610abc6101a4565b7fafa8499804819c4de3fc4b1a2e9723737c59b02467b5c043939709ac9f066b435f525f845260405f209060018060a01b03165f5260205260405f2090565b346101ba57610b0936610834565b9060ff6004541661032c575f5c6001600160a01b031661031d5761063f925f805c6001600160a01b0319163317905d611280565b346101ba575f3660031901126101ba5760206040517f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a8152f35b5f805c6001600160a01b031916905d565b634e487b7160e01b5f52604160045260245ffd5b90601f8019910116810190811067ffffffffffffffff821117610bbe57604052565b610b88565b6040513d5f823e3d90fd5b9193959092949560ff6004541661032c575f5c6001600160a01b031661031d575f805c6001600160a01b0319163317905d6001600160a01b03831696873b156101ba57610c77975f928360c4898760405198899788968794639fd5a6cf60e01b86523360048701523060248701526044860152606485015260a060848501528160a4850152848401378181018301849052601f01601f191681010301925af16103035750610de0565b610c7f610b77565b565b9091906001600160a01b037f000000000000000000000000000000000000000000000000000000000000000081169084168114610dbb576001600160a01b03831614610d8357506001600160a01b0382165f908152600160205260409020610ceb905b5460ff1690565b9182610d5a575b82610d2d575b5081610d02575090565b6001600160a01b03165f908152600260205260409020610d2a9150610d2690610ce4565b1590565b90565b6001600160a01b03165f908152600260205260409020909150610d5390610d2690610ce4565b905f610cf8565b6001600160a01b0382165f908152600160205260409020909250610d7d90610ce4565b91610cf2565b6001600160a01b0383165f908152600160205260409020909150610da690610ce4565b9182610db157505090565b610d2a92506111f9565b506001600160a01b0382165f90815260016020526040902091925090610da690610ce4565b91926001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000818116949182169391848614611038576001600160a01b038316958614611028576001600160a01b0381165f908152600160205260409020610e5090610d2690610ce4565b8015610ffe575b610fdc576001600160a01b0381165f908152600260205260409020610e7b90610ce4565b610fc2576001600160a01b0383165f908152600260205260409020610e9f90610ce4565b610fa75786610eb1913090339061136b565b833b156101ba576040516339f4769360e01b815230600482015260248101879052915f8360448183895af1918215610f8e57610ef4938893610f93575b506113b4565b823b156101ba57604051635f9bb63d60e11b81526001600160a01b038216600482015260248101859052905f8260448183885af1908115610f8e577f7621e0d883c1038028d167fa29ecc01dbb8bc0cf673db584432530d693259e5192610f7592610f7a575b506040519586526001600160a01b0316949081906020820190565b0390a4565b806103115f610f8893610b9c565b5f610f5a565b610bc3565b806103115f610fa193610b9c565b5f610eee565b62bc7a0d60e41b5f526001600160a01b03831660045260245ffd5b62bc7a0d60e41b5f526001600160a01b031660045260245ffd5b633ae2602d60e11b5f526001600160a01b03908116600452821660245260445ffd5b506001600160a01b0383165f90815260016020526040902061102390610d2690610ce4565b610e57565b9294505050610c7f939150611106565b5050909250610c7f939150611280565b335f9081527fad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5602052604090205460ff161561108057565b63e2517d3f60e01b5f52336004525f60245260445ffd5b335f9081527ff7c9542c591017a21c74b6f3fab6263c7952fc0aaf9db4c22a2a04ddc7f8674f602052604090205460ff16156110cf57565b63e2517d3f60e01b5f52336004527f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a60245260445ffd5b919091611112816113f7565b61111c338261142b565b6111288330338461136b565b6001600160a01b031690813b156101ba576040516339f4769360e01b81526001600160a01b0382166004820152602481018490525f8160448183875af18015610f8e576111e0575b506111db816111c1857f20715489f1868041ab913834efbaabc996170336daf633a4999d62bd5c162f08947f0000000000000000000000000000000000000000000000000000000000000000611511565b6040519485526001600160a01b0316939081906020820190565b0390a3565b806111ec5f8093610b9c565b8003126101ba575f611170565b6001600160a01b03165f8181526002602052604090205460ff92908316156112445761123f915f52600360205260405f209060018060a01b03165f5260205260405f2090565b541690565b6001600160a01b03165f9081527fb094a11646b1bd0d70508a85970bc2b0447fa1fa73ac29f054ac039618a04a56602052604090209050541690565b91909161128c816113f7565b611296338261142b565b6112cd83827f00000000000000000000000000000000000000000000000000000000000000006112c88330338461136b565b6113b4565b6001600160a01b031690813b156101ba57604051635f9bb63d60e11b81526001600160a01b0382166004820152602481018490525f8160448183875af18015610f8e57611352575b506040519283526001600160a01b0316917fea5845e6161e56b30740f4a743f316fa77bd8f48b1c3ce6eff595ab0385ba7459080602081016111db565b8061135e5f8093610b9c565b8003126101ba575f611315565b6040516323b872dd60e01b60208201526001600160a01b039283166024820152929091166044830152606480830193909352918152610c7f916113af608483610b9c565b61155f565b60405163095ea7b360e01b60208201526001600160a01b0390921660248301526044820192909252610c7f916113af82606481015b03601f198101845283610b9c565b6001600160a01b03165f8181526001602052604090205460ff16156114195750565b630169957b60e51b5f5260045260245ffd5b6001600160a01b0381165f9081526002602052604090205460ff16156114ad57611484610d26610ce48461146f8560018060a01b03165f52600360205260405f2090565b9060018060a01b03165f5260205260405f2090565b61148c575050565b630e5fae0d60e41b5f526001600160a01b039081166004521660245260445ffd5b6001600160a01b0382165f9081527fb094a11646b1bd0d70508a85970bc2b0447fa1fa73ac29f054ac039618a04a56602052604090205460ff16156114f0575050565b6308419eff60e11b5f526001600160a01b039081166004521660245260445ffd5b60405163a9059cbb60e01b60208201526001600160a01b0390921660248301526044820192909252610c7f916113af82606481016113e9565b908160209103126101ba5751610d2a8161033b565b90813b15611611575f816020829351910182855af13d15611609573d9067ffffffffffffffff8211610bbe57604051916115a3601f8201601f191660200184610b9c565b82523d5f602084013e5b156116015780519081151591826115e3575b50506115c85750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b6115fa925090602080610d2693830101910161154a565b5f806115bf565b602081519101fd5b6060906115ad565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fd2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0df7c9542c591017a21c74b6f3fab6263c7952fc0aaf9db4c22a2a04ddc7f8674fad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5",
}

// SwapFacilityABI is the input ABI used to generate the binding from.
// Deprecated: Use SwapFacilityMetaData.ABI instead.
var SwapFacilityABI = SwapFacilityMetaData.ABI

// SwapFacilityBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use SwapFacilityMetaData.Bin instead.
var SwapFacilityBin = SwapFacilityMetaData.Bin

// DeploySwapFacility deploys a new Ethereum contract, binding an instance of SwapFacility to it.
func DeploySwapFacility(auth *bind.TransactOpts, backend bind.ContractBackend, mToken_ common.Address, admin common.Address) (common.Address, *types.Transaction, *SwapFacility, error) {
	parsed, err := SwapFacilityMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(SwapFacilityBin), backend, mToken_, admin)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &SwapFacility{SwapFacilityCaller: SwapFacilityCaller{contract: contract}, SwapFacilityTransactor: SwapFacilityTransactor{contract: contract}, SwapFacilityFilterer: SwapFacilityFilterer{contract: contract}}, nil
}

// SwapFacility is an auto generated Go binding around an Ethereum contract.
type SwapFacility struct {
	SwapFacilityCaller     // Read-only binding to the contract
	SwapFacilityTransactor // Write-only binding to the contract
	SwapFacilityFilterer   // Log filterer for contract events
}

// SwapFacilityCaller is an auto generated read-only Go binding around an Ethereum contract.
type SwapFacilityCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SwapFacilityTransactor is an auto generated write-only Go binding around an Ethereum contract.
type SwapFacilityTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SwapFacilityFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type SwapFacilityFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SwapFacilitySession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type SwapFacilitySession struct {
	Contract     *SwapFacility     // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// SwapFacilityCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type SwapFacilityCallerSession struct {
	Contract *SwapFacilityCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts       // Call options to use throughout this session
}

// SwapFacilityTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type SwapFacilityTransactorSession struct {
	Contract     *SwapFacilityTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts       // Transaction auth options to use throughout this session
}

// SwapFacilityRaw is an auto generated low-level Go binding around an Ethereum contract.
type SwapFacilityRaw struct {
	Contract *SwapFacility // Generic contract binding to access the raw methods on
}

// SwapFacilityCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type SwapFacilityCallerRaw struct {
	Contract *SwapFacilityCaller // Generic read-only contract binding to access the raw methods on
}

// SwapFacilityTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type SwapFacilityTransactorRaw struct {
	Contract *SwapFacilityTransactor // Generic write-only contract binding to access the raw methods on
}

// NewSwapFacility creates a new instance of SwapFacility, bound to a specific deployed contract.
func NewSwapFacility(address common.Address, backend bind.ContractBackend) (*SwapFacility, error) {
	contract, err := bindSwapFacility(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &SwapFacility{SwapFacilityCaller: SwapFacilityCaller{contract: contract}, SwapFacilityTransactor: SwapFacilityTransactor{contract: contract}, SwapFacilityFilterer: SwapFacilityFilterer{contract: contract}}, nil
}

// NewSwapFacilityCaller creates a new read-only instance of SwapFacility, bound to a specific deployed contract.
func NewSwapFacilityCaller(address common.Address, caller bind.ContractCaller) (*SwapFacilityCaller, error) {
	contract, err := bindSwapFacility(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityCaller{contract: contract}, nil
}

// NewSwapFacilityTransactor creates a new write-only instance of SwapFacility, bound to a specific deployed contract.
func NewSwapFacilityTransactor(address common.Address, transactor bind.ContractTransactor) (*SwapFacilityTransactor, error) {
	contract, err := bindSwapFacility(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityTransactor{contract: contract}, nil
}

// NewSwapFacilityFilterer creates a new log filterer instance of SwapFacility, bound to a specific deployed contract.
func NewSwapFacilityFilterer(address common.Address, filterer bind.ContractFilterer) (*SwapFacilityFilterer, error) {
	contract, err := bindSwapFacility(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityFilterer{contract: contract}, nil
}

// bindSwapFacility binds a generic wrapper to an already deployed contract.
func bindSwapFacility(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := SwapFacilityMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SwapFacility *SwapFacilityRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SwapFacility.Contract.SwapFacilityCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SwapFacility *SwapFacilityRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapFacilityTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SwapFacility *SwapFacilityRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapFacilityTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SwapFacility *SwapFacilityCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SwapFacility.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SwapFacility *SwapFacilityTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SwapFacility.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SwapFacility *SwapFacilityTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SwapFacility.Contract.contract.Transact(opts, method, params...)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilityCaller) DEFAULTADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "DEFAULT_ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilitySession) DEFAULTADMINROLE() ([32]byte, error) {
	return _SwapFacility.Contract.DEFAULTADMINROLE(&_SwapFacility.CallOpts)
}

// DEFAULTADMINROLE is a free data retrieval call binding the contract method 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilityCallerSession) DEFAULTADMINROLE() ([32]byte, error) {
	return _SwapFacility.Contract.DEFAULTADMINROLE(&_SwapFacility.CallOpts)
}

// MSWAPPERROLE is a free data retrieval call binding the contract method 0xa8ffb8a5.
//
// Solidity: function M_SWAPPER_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilityCaller) MSWAPPERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "M_SWAPPER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// MSWAPPERROLE is a free data retrieval call binding the contract method 0xa8ffb8a5.
//
// Solidity: function M_SWAPPER_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilitySession) MSWAPPERROLE() ([32]byte, error) {
	return _SwapFacility.Contract.MSWAPPERROLE(&_SwapFacility.CallOpts)
}

// MSWAPPERROLE is a free data retrieval call binding the contract method 0xa8ffb8a5.
//
// Solidity: function M_SWAPPER_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilityCallerSession) MSWAPPERROLE() ([32]byte, error) {
	return _SwapFacility.Contract.MSWAPPERROLE(&_SwapFacility.CallOpts)
}

// PAUSERROLE is a free data retrieval call binding the contract method 0xe63ab1e9.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilityCaller) PAUSERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "PAUSER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// PAUSERROLE is a free data retrieval call binding the contract method 0xe63ab1e9.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilitySession) PAUSERROLE() ([32]byte, error) {
	return _SwapFacility.Contract.PAUSERROLE(&_SwapFacility.CallOpts)
}

// PAUSERROLE is a free data retrieval call binding the contract method 0xe63ab1e9.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (_SwapFacility *SwapFacilityCallerSession) PAUSERROLE() ([32]byte, error) {
	return _SwapFacility.Contract.PAUSERROLE(&_SwapFacility.CallOpts)
}

// CanSwapViaPath is a free data retrieval call binding the contract method 0xd8e21132.
//
// Solidity: function canSwapViaPath(address swapper, address tokenIn, address tokenOut) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) CanSwapViaPath(opts *bind.CallOpts, swapper common.Address, tokenIn common.Address, tokenOut common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "canSwapViaPath", swapper, tokenIn, tokenOut)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// CanSwapViaPath is a free data retrieval call binding the contract method 0xd8e21132.
//
// Solidity: function canSwapViaPath(address swapper, address tokenIn, address tokenOut) view returns(bool)
func (_SwapFacility *SwapFacilitySession) CanSwapViaPath(swapper common.Address, tokenIn common.Address, tokenOut common.Address) (bool, error) {
	return _SwapFacility.Contract.CanSwapViaPath(&_SwapFacility.CallOpts, swapper, tokenIn, tokenOut)
}

// CanSwapViaPath is a free data retrieval call binding the contract method 0xd8e21132.
//
// Solidity: function canSwapViaPath(address swapper, address tokenIn, address tokenOut) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) CanSwapViaPath(swapper common.Address, tokenIn common.Address, tokenOut common.Address) (bool, error) {
	return _SwapFacility.Contract.CanSwapViaPath(&_SwapFacility.CallOpts, swapper, tokenIn, tokenOut)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) HasRole(opts *bind.CallOpts, role [32]byte, account common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "hasRole", role, account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_SwapFacility *SwapFacilitySession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _SwapFacility.Contract.HasRole(&_SwapFacility.CallOpts, role, account)
}

// HasRole is a free data retrieval call binding the contract method 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) HasRole(role [32]byte, account common.Address) (bool, error) {
	return _SwapFacility.Contract.HasRole(&_SwapFacility.CallOpts, role, account)
}

// IsAdminApprovedExtension is a free data retrieval call binding the contract method 0xb63b1648.
//
// Solidity: function isAdminApprovedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) IsAdminApprovedExtension(opts *bind.CallOpts, extension common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "isAdminApprovedExtension", extension)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsAdminApprovedExtension is a free data retrieval call binding the contract method 0xb63b1648.
//
// Solidity: function isAdminApprovedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilitySession) IsAdminApprovedExtension(extension common.Address) (bool, error) {
	return _SwapFacility.Contract.IsAdminApprovedExtension(&_SwapFacility.CallOpts, extension)
}

// IsAdminApprovedExtension is a free data retrieval call binding the contract method 0xb63b1648.
//
// Solidity: function isAdminApprovedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) IsAdminApprovedExtension(extension common.Address) (bool, error) {
	return _SwapFacility.Contract.IsAdminApprovedExtension(&_SwapFacility.CallOpts, extension)
}

// IsApprovedExtension is a free data retrieval call binding the contract method 0xff189d1c.
//
// Solidity: function isApprovedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) IsApprovedExtension(opts *bind.CallOpts, extension common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "isApprovedExtension", extension)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsApprovedExtension is a free data retrieval call binding the contract method 0xff189d1c.
//
// Solidity: function isApprovedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilitySession) IsApprovedExtension(extension common.Address) (bool, error) {
	return _SwapFacility.Contract.IsApprovedExtension(&_SwapFacility.CallOpts, extension)
}

// IsApprovedExtension is a free data retrieval call binding the contract method 0xff189d1c.
//
// Solidity: function isApprovedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) IsApprovedExtension(extension common.Address) (bool, error) {
	return _SwapFacility.Contract.IsApprovedExtension(&_SwapFacility.CallOpts, extension)
}

// IsMSwapper is a free data retrieval call binding the contract method 0xde3d4254.
//
// Solidity: function isMSwapper(address swapper) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) IsMSwapper(opts *bind.CallOpts, swapper common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "isMSwapper", swapper)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsMSwapper is a free data retrieval call binding the contract method 0xde3d4254.
//
// Solidity: function isMSwapper(address swapper) view returns(bool)
func (_SwapFacility *SwapFacilitySession) IsMSwapper(swapper common.Address) (bool, error) {
	return _SwapFacility.Contract.IsMSwapper(&_SwapFacility.CallOpts, swapper)
}

// IsMSwapper is a free data retrieval call binding the contract method 0xde3d4254.
//
// Solidity: function isMSwapper(address swapper) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) IsMSwapper(swapper common.Address) (bool, error) {
	return _SwapFacility.Contract.IsMSwapper(&_SwapFacility.CallOpts, swapper)
}

// IsPermissionedExtension is a free data retrieval call binding the contract method 0x135597c3.
//
// Solidity: function isPermissionedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) IsPermissionedExtension(opts *bind.CallOpts, extension common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "isPermissionedExtension", extension)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsPermissionedExtension is a free data retrieval call binding the contract method 0x135597c3.
//
// Solidity: function isPermissionedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilitySession) IsPermissionedExtension(extension common.Address) (bool, error) {
	return _SwapFacility.Contract.IsPermissionedExtension(&_SwapFacility.CallOpts, extension)
}

// IsPermissionedExtension is a free data retrieval call binding the contract method 0x135597c3.
//
// Solidity: function isPermissionedExtension(address extension) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) IsPermissionedExtension(extension common.Address) (bool, error) {
	return _SwapFacility.Contract.IsPermissionedExtension(&_SwapFacility.CallOpts, extension)
}

// IsPermissionedMSwapper is a free data retrieval call binding the contract method 0x60657bc6.
//
// Solidity: function isPermissionedMSwapper(address extension, address swapper) view returns(bool)
func (_SwapFacility *SwapFacilityCaller) IsPermissionedMSwapper(opts *bind.CallOpts, extension common.Address, swapper common.Address) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "isPermissionedMSwapper", extension, swapper)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsPermissionedMSwapper is a free data retrieval call binding the contract method 0x60657bc6.
//
// Solidity: function isPermissionedMSwapper(address extension, address swapper) view returns(bool)
func (_SwapFacility *SwapFacilitySession) IsPermissionedMSwapper(extension common.Address, swapper common.Address) (bool, error) {
	return _SwapFacility.Contract.IsPermissionedMSwapper(&_SwapFacility.CallOpts, extension, swapper)
}

// IsPermissionedMSwapper is a free data retrieval call binding the contract method 0x60657bc6.
//
// Solidity: function isPermissionedMSwapper(address extension, address swapper) view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) IsPermissionedMSwapper(extension common.Address, swapper common.Address) (bool, error) {
	return _SwapFacility.Contract.IsPermissionedMSwapper(&_SwapFacility.CallOpts, extension, swapper)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_SwapFacility *SwapFacilityCaller) MToken(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "mToken")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_SwapFacility *SwapFacilitySession) MToken() (common.Address, error) {
	return _SwapFacility.Contract.MToken(&_SwapFacility.CallOpts)
}

// MToken is a free data retrieval call binding the contract method 0xc3b6f939.
//
// Solidity: function mToken() view returns(address)
func (_SwapFacility *SwapFacilityCallerSession) MToken() (common.Address, error) {
	return _SwapFacility.Contract.MToken(&_SwapFacility.CallOpts)
}

// MsgSender is a free data retrieval call binding the contract method 0xd737d0c7.
//
// Solidity: function msgSender() view returns(address)
func (_SwapFacility *SwapFacilityCaller) MsgSender(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "msgSender")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// MsgSender is a free data retrieval call binding the contract method 0xd737d0c7.
//
// Solidity: function msgSender() view returns(address)
func (_SwapFacility *SwapFacilitySession) MsgSender() (common.Address, error) {
	return _SwapFacility.Contract.MsgSender(&_SwapFacility.CallOpts)
}

// MsgSender is a free data retrieval call binding the contract method 0xd737d0c7.
//
// Solidity: function msgSender() view returns(address)
func (_SwapFacility *SwapFacilityCallerSession) MsgSender() (common.Address, error) {
	return _SwapFacility.Contract.MsgSender(&_SwapFacility.CallOpts)
}

// Paused is a free data retrieval call binding the contract method 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (_SwapFacility *SwapFacilityCaller) Paused(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _SwapFacility.contract.Call(opts, &out, "paused")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// Paused is a free data retrieval call binding the contract method 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (_SwapFacility *SwapFacilitySession) Paused() (bool, error) {
	return _SwapFacility.Contract.Paused(&_SwapFacility.CallOpts)
}

// Paused is a free data retrieval call binding the contract method 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (_SwapFacility *SwapFacilityCallerSession) Paused() (bool, error) {
	return _SwapFacility.Contract.Paused(&_SwapFacility.CallOpts)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_SwapFacility *SwapFacilityTransactor) GrantRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "grantRole", role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_SwapFacility *SwapFacilitySession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.GrantRole(&_SwapFacility.TransactOpts, role, account)
}

// GrantRole is a paid mutator transaction binding the contract method 0x2f2ff15d.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (_SwapFacility *SwapFacilityTransactorSession) GrantRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.GrantRole(&_SwapFacility.TransactOpts, role, account)
}

// Pause is a paid mutator transaction binding the contract method 0x8456cb59.
//
// Solidity: function pause() returns()
func (_SwapFacility *SwapFacilityTransactor) Pause(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "pause")
}

// Pause is a paid mutator transaction binding the contract method 0x8456cb59.
//
// Solidity: function pause() returns()
func (_SwapFacility *SwapFacilitySession) Pause() (*types.Transaction, error) {
	return _SwapFacility.Contract.Pause(&_SwapFacility.TransactOpts)
}

// Pause is a paid mutator transaction binding the contract method 0x8456cb59.
//
// Solidity: function pause() returns()
func (_SwapFacility *SwapFacilityTransactorSession) Pause() (*types.Transaction, error) {
	return _SwapFacility.Contract.Pause(&_SwapFacility.TransactOpts)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_SwapFacility *SwapFacilityTransactor) RevokeRole(opts *bind.TransactOpts, role [32]byte, account common.Address) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "revokeRole", role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_SwapFacility *SwapFacilitySession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.RevokeRole(&_SwapFacility.TransactOpts, role, account)
}

// RevokeRole is a paid mutator transaction binding the contract method 0xd547741f.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (_SwapFacility *SwapFacilityTransactorSession) RevokeRole(role [32]byte, account common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.RevokeRole(&_SwapFacility.TransactOpts, role, account)
}

// SetAdminApprovedExtension is a paid mutator transaction binding the contract method 0x9d4d470a.
//
// Solidity: function setAdminApprovedExtension(address extension, bool approved) returns()
func (_SwapFacility *SwapFacilityTransactor) SetAdminApprovedExtension(opts *bind.TransactOpts, extension common.Address, approved bool) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "setAdminApprovedExtension", extension, approved)
}

// SetAdminApprovedExtension is a paid mutator transaction binding the contract method 0x9d4d470a.
//
// Solidity: function setAdminApprovedExtension(address extension, bool approved) returns()
func (_SwapFacility *SwapFacilitySession) SetAdminApprovedExtension(extension common.Address, approved bool) (*types.Transaction, error) {
	return _SwapFacility.Contract.SetAdminApprovedExtension(&_SwapFacility.TransactOpts, extension, approved)
}

// SetAdminApprovedExtension is a paid mutator transaction binding the contract method 0x9d4d470a.
//
// Solidity: function setAdminApprovedExtension(address extension, bool approved) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SetAdminApprovedExtension(extension common.Address, approved bool) (*types.Transaction, error) {
	return _SwapFacility.Contract.SetAdminApprovedExtension(&_SwapFacility.TransactOpts, extension, approved)
}

// SetPermissionedExtension is a paid mutator transaction binding the contract method 0x2af4d36e.
//
// Solidity: function setPermissionedExtension(address extension, bool permissioned) returns()
func (_SwapFacility *SwapFacilityTransactor) SetPermissionedExtension(opts *bind.TransactOpts, extension common.Address, permissioned bool) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "setPermissionedExtension", extension, permissioned)
}

// SetPermissionedExtension is a paid mutator transaction binding the contract method 0x2af4d36e.
//
// Solidity: function setPermissionedExtension(address extension, bool permissioned) returns()
func (_SwapFacility *SwapFacilitySession) SetPermissionedExtension(extension common.Address, permissioned bool) (*types.Transaction, error) {
	return _SwapFacility.Contract.SetPermissionedExtension(&_SwapFacility.TransactOpts, extension, permissioned)
}

// SetPermissionedExtension is a paid mutator transaction binding the contract method 0x2af4d36e.
//
// Solidity: function setPermissionedExtension(address extension, bool permissioned) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SetPermissionedExtension(extension common.Address, permissioned bool) (*types.Transaction, error) {
	return _SwapFacility.Contract.SetPermissionedExtension(&_SwapFacility.TransactOpts, extension, permissioned)
}

// SetPermissionedMSwapper is a paid mutator transaction binding the contract method 0x799c44b2.
//
// Solidity: function setPermissionedMSwapper(address extension, address swapper, bool allowed) returns()
func (_SwapFacility *SwapFacilityTransactor) SetPermissionedMSwapper(opts *bind.TransactOpts, extension common.Address, swapper common.Address, allowed bool) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "setPermissionedMSwapper", extension, swapper, allowed)
}

// SetPermissionedMSwapper is a paid mutator transaction binding the contract method 0x799c44b2.
//
// Solidity: function setPermissionedMSwapper(address extension, address swapper, bool allowed) returns()
func (_SwapFacility *SwapFacilitySession) SetPermissionedMSwapper(extension common.Address, swapper common.Address, allowed bool) (*types.Transaction, error) {
	return _SwapFacility.Contract.SetPermissionedMSwapper(&_SwapFacility.TransactOpts, extension, swapper, allowed)
}

// SetPermissionedMSwapper is a paid mutator transaction binding the contract method 0x799c44b2.
//
// Solidity: function setPermissionedMSwapper(address extension, address swapper, bool allowed) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SetPermissionedMSwapper(extension common.Address, swapper common.Address, allowed bool) (*types.Transaction, error) {
	return _SwapFacility.Contract.SetPermissionedMSwapper(&_SwapFacility.TransactOpts, extension, swapper, allowed)
}

// Swap is a paid mutator transaction binding the contract method 0x6e81221c.
//
// Solidity: function swap(address tokenIn, address tokenOut, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilityTransactor) Swap(opts *bind.TransactOpts, tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "swap", tokenIn, tokenOut, amount, recipient)
}

// Swap is a paid mutator transaction binding the contract method 0x6e81221c.
//
// Solidity: function swap(address tokenIn, address tokenOut, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilitySession) Swap(tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.Swap(&_SwapFacility.TransactOpts, tokenIn, tokenOut, amount, recipient)
}

// Swap is a paid mutator transaction binding the contract method 0x6e81221c.
//
// Solidity: function swap(address tokenIn, address tokenOut, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilityTransactorSession) Swap(tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.Swap(&_SwapFacility.TransactOpts, tokenIn, tokenOut, amount, recipient)
}

// SwapInM is a paid mutator transaction binding the contract method 0xe274ffb8.
//
// Solidity: function swapInM(address extensionOut, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilityTransactor) SwapInM(opts *bind.TransactOpts, extensionOut common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "swapInM", extensionOut, amount, recipient)
}

// SwapInM is a paid mutator transaction binding the contract method 0xe274ffb8.
//
// Solidity: function swapInM(address extensionOut, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilitySession) SwapInM(extensionOut common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapInM(&_SwapFacility.TransactOpts, extensionOut, amount, recipient)
}

// SwapInM is a paid mutator transaction binding the contract method 0xe274ffb8.
//
// Solidity: function swapInM(address extensionOut, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SwapInM(extensionOut common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapInM(&_SwapFacility.TransactOpts, extensionOut, amount, recipient)
}

// SwapOutM is a paid mutator transaction binding the contract method 0x9e5e91f4.
//
// Solidity: function swapOutM(address extensionIn, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilityTransactor) SwapOutM(opts *bind.TransactOpts, extensionIn common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "swapOutM", extensionIn, amount, recipient)
}

// SwapOutM is a paid mutator transaction binding the contract method 0x9e5e91f4.
//
// Solidity: function swapOutM(address extensionIn, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilitySession) SwapOutM(extensionIn common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapOutM(&_SwapFacility.TransactOpts, extensionIn, amount, recipient)
}

// SwapOutM is a paid mutator transaction binding the contract method 0x9e5e91f4.
//
// Solidity: function swapOutM(address extensionIn, uint256 amount, address recipient) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SwapOutM(extensionIn common.Address, amount *big.Int, recipient common.Address) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapOutM(&_SwapFacility.TransactOpts, extensionIn, amount, recipient)
}

// SwapWithPermit is a paid mutator transaction binding the contract method 0x14217eed.
//
// Solidity: function swapWithPermit(address tokenIn, address tokenOut, uint256 amount, address recipient, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_SwapFacility *SwapFacilityTransactor) SwapWithPermit(opts *bind.TransactOpts, tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "swapWithPermit", tokenIn, tokenOut, amount, recipient, deadline, v, r, s)
}

// SwapWithPermit is a paid mutator transaction binding the contract method 0x14217eed.
//
// Solidity: function swapWithPermit(address tokenIn, address tokenOut, uint256 amount, address recipient, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_SwapFacility *SwapFacilitySession) SwapWithPermit(tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapWithPermit(&_SwapFacility.TransactOpts, tokenIn, tokenOut, amount, recipient, deadline, v, r, s)
}

// SwapWithPermit is a paid mutator transaction binding the contract method 0x14217eed.
//
// Solidity: function swapWithPermit(address tokenIn, address tokenOut, uint256 amount, address recipient, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SwapWithPermit(tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapWithPermit(&_SwapFacility.TransactOpts, tokenIn, tokenOut, amount, recipient, deadline, v, r, s)
}

// SwapWithPermit0 is a paid mutator transaction binding the contract method 0x5d77e1ca.
//
// Solidity: function swapWithPermit(address tokenIn, address tokenOut, uint256 amount, address recipient, uint256 deadline, bytes signature) returns()
func (_SwapFacility *SwapFacilityTransactor) SwapWithPermit0(opts *bind.TransactOpts, tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "swapWithPermit0", tokenIn, tokenOut, amount, recipient, deadline, signature)
}

// SwapWithPermit0 is a paid mutator transaction binding the contract method 0x5d77e1ca.
//
// Solidity: function swapWithPermit(address tokenIn, address tokenOut, uint256 amount, address recipient, uint256 deadline, bytes signature) returns()
func (_SwapFacility *SwapFacilitySession) SwapWithPermit0(tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapWithPermit0(&_SwapFacility.TransactOpts, tokenIn, tokenOut, amount, recipient, deadline, signature)
}

// SwapWithPermit0 is a paid mutator transaction binding the contract method 0x5d77e1ca.
//
// Solidity: function swapWithPermit(address tokenIn, address tokenOut, uint256 amount, address recipient, uint256 deadline, bytes signature) returns()
func (_SwapFacility *SwapFacilityTransactorSession) SwapWithPermit0(tokenIn common.Address, tokenOut common.Address, amount *big.Int, recipient common.Address, deadline *big.Int, signature []byte) (*types.Transaction, error) {
	return _SwapFacility.Contract.SwapWithPermit0(&_SwapFacility.TransactOpts, tokenIn, tokenOut, amount, recipient, deadline, signature)
}

// Unpause is a paid mutator transaction binding the contract method 0x3f4ba83a.
//
// Solidity: function unpause() returns()
func (_SwapFacility *SwapFacilityTransactor) Unpause(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SwapFacility.contract.Transact(opts, "unpause")
}

// Unpause is a paid mutator transaction binding the contract method 0x3f4ba83a.
//
// Solidity: function unpause() returns()
func (_SwapFacility *SwapFacilitySession) Unpause() (*types.Transaction, error) {
	return _SwapFacility.Contract.Unpause(&_SwapFacility.TransactOpts)
}

// Unpause is a paid mutator transaction binding the contract method 0x3f4ba83a.
//
// Solidity: function unpause() returns()
func (_SwapFacility *SwapFacilityTransactorSession) Unpause() (*types.Transaction, error) {
	return _SwapFacility.Contract.Unpause(&_SwapFacility.TransactOpts)
}

// SwapFacilityAdminApprovedExtensionSetIterator is returned from FilterAdminApprovedExtensionSet and is used to iterate over the raw logs and unpacked data for AdminApprovedExtensionSet events raised by the SwapFacility contract.
type SwapFacilityAdminApprovedExtensionSetIterator struct {
	Event *SwapFacilityAdminApprovedExtensionSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityAdminApprovedExtensionSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityAdminApprovedExtensionSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityAdminApprovedExtensionSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityAdminApprovedExtensionSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityAdminApprovedExtensionSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityAdminApprovedExtensionSet represents a AdminApprovedExtensionSet event raised by the SwapFacility contract.
type SwapFacilityAdminApprovedExtensionSet struct {
	Extension common.Address
	Approved  bool
	Raw       types.Log // Blockchain specific contextual infos
}

// FilterAdminApprovedExtensionSet is a free log retrieval operation binding the contract event 0x9d4d0b01aa7e4fe9a02187a57e48faf9eaf09d1a084d3ab7a6ca3cd8f2047c14.
//
// Solidity: event AdminApprovedExtensionSet(address indexed extension, bool approved)
func (_SwapFacility *SwapFacilityFilterer) FilterAdminApprovedExtensionSet(opts *bind.FilterOpts, extension []common.Address) (*SwapFacilityAdminApprovedExtensionSetIterator, error) {

	var extensionRule []interface{}
	for _, extensionItem := range extension {
		extensionRule = append(extensionRule, extensionItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "AdminApprovedExtensionSet", extensionRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityAdminApprovedExtensionSetIterator{contract: _SwapFacility.contract, event: "AdminApprovedExtensionSet", logs: logs, sub: sub}, nil
}

// WatchAdminApprovedExtensionSet is a free log subscription operation binding the contract event 0x9d4d0b01aa7e4fe9a02187a57e48faf9eaf09d1a084d3ab7a6ca3cd8f2047c14.
//
// Solidity: event AdminApprovedExtensionSet(address indexed extension, bool approved)
func (_SwapFacility *SwapFacilityFilterer) WatchAdminApprovedExtensionSet(opts *bind.WatchOpts, sink chan<- *SwapFacilityAdminApprovedExtensionSet, extension []common.Address) (event.Subscription, error) {

	var extensionRule []interface{}
	for _, extensionItem := range extension {
		extensionRule = append(extensionRule, extensionItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "AdminApprovedExtensionSet", extensionRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityAdminApprovedExtensionSet)
				if err := _SwapFacility.contract.UnpackLog(event, "AdminApprovedExtensionSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseAdminApprovedExtensionSet is a log parse operation binding the contract event 0x9d4d0b01aa7e4fe9a02187a57e48faf9eaf09d1a084d3ab7a6ca3cd8f2047c14.
//
// Solidity: event AdminApprovedExtensionSet(address indexed extension, bool approved)
func (_SwapFacility *SwapFacilityFilterer) ParseAdminApprovedExtensionSet(log types.Log) (*SwapFacilityAdminApprovedExtensionSet, error) {
	event := new(SwapFacilityAdminApprovedExtensionSet)
	if err := _SwapFacility.contract.UnpackLog(event, "AdminApprovedExtensionSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilityPausedIterator is returned from FilterPaused and is used to iterate over the raw logs and unpacked data for Paused events raised by the SwapFacility contract.
type SwapFacilityPausedIterator struct {
	Event *SwapFacilityPaused // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityPausedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityPaused)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityPaused)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityPausedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityPausedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityPaused represents a Paused event raised by the SwapFacility contract.
type SwapFacilityPaused struct {
	Account common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterPaused is a free log retrieval operation binding the contract event 0x62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258.
//
// Solidity: event Paused(address account)
func (_SwapFacility *SwapFacilityFilterer) FilterPaused(opts *bind.FilterOpts) (*SwapFacilityPausedIterator, error) {

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "Paused")
	if err != nil {
		return nil, err
	}
	return &SwapFacilityPausedIterator{contract: _SwapFacility.contract, event: "Paused", logs: logs, sub: sub}, nil
}

// WatchPaused is a free log subscription operation binding the contract event 0x62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258.
//
// Solidity: event Paused(address account)
func (_SwapFacility *SwapFacilityFilterer) WatchPaused(opts *bind.WatchOpts, sink chan<- *SwapFacilityPaused) (event.Subscription, error) {

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "Paused")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityPaused)
				if err := _SwapFacility.contract.UnpackLog(event, "Paused", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParsePaused is a log parse operation binding the contract event 0x62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258.
//
// Solidity: event Paused(address account)
func (_SwapFacility *SwapFacilityFilterer) ParsePaused(log types.Log) (*SwapFacilityPaused, error) {
	event := new(SwapFacilityPaused)
	if err := _SwapFacility.contract.UnpackLog(event, "Paused", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilityPermissionedExtensionSetIterator is returned from FilterPermissionedExtensionSet and is used to iterate over the raw logs and unpacked data for PermissionedExtensionSet events raised by the SwapFacility contract.
type SwapFacilityPermissionedExtensionSetIterator struct {
	Event *SwapFacilityPermissionedExtensionSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityPermissionedExtensionSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityPermissionedExtensionSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityPermissionedExtensionSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityPermissionedExtensionSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityPermissionedExtensionSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityPermissionedExtensionSet represents a PermissionedExtensionSet event raised by the SwapFacility contract.
type SwapFacilityPermissionedExtensionSet struct {
	Extension    common.Address
	Permissioned bool
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterPermissionedExtensionSet is a free log retrieval operation binding the contract event 0xa1e65189c2e656be12ff01879244361cbbc5fe8a08224278b332004fe3489f58.
//
// Solidity: event PermissionedExtensionSet(address indexed extension, bool permissioned)
func (_SwapFacility *SwapFacilityFilterer) FilterPermissionedExtensionSet(opts *bind.FilterOpts, extension []common.Address) (*SwapFacilityPermissionedExtensionSetIterator, error) {

	var extensionRule []interface{}
	for _, extensionItem := range extension {
		extensionRule = append(extensionRule, extensionItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "PermissionedExtensionSet", extensionRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityPermissionedExtensionSetIterator{contract: _SwapFacility.contract, event: "PermissionedExtensionSet", logs: logs, sub: sub}, nil
}

// WatchPermissionedExtensionSet is a free log subscription operation binding the contract event 0xa1e65189c2e656be12ff01879244361cbbc5fe8a08224278b332004fe3489f58.
//
// Solidity: event PermissionedExtensionSet(address indexed extension, bool permissioned)
func (_SwapFacility *SwapFacilityFilterer) WatchPermissionedExtensionSet(opts *bind.WatchOpts, sink chan<- *SwapFacilityPermissionedExtensionSet, extension []common.Address) (event.Subscription, error) {

	var extensionRule []interface{}
	for _, extensionItem := range extension {
		extensionRule = append(extensionRule, extensionItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "PermissionedExtensionSet", extensionRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityPermissionedExtensionSet)
				if err := _SwapFacility.contract.UnpackLog(event, "PermissionedExtensionSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParsePermissionedExtensionSet is a log parse operation binding the contract event 0xa1e65189c2e656be12ff01879244361cbbc5fe8a08224278b332004fe3489f58.
//
// Solidity: event PermissionedExtensionSet(address indexed extension, bool permissioned)
func (_SwapFacility *SwapFacilityFilterer) ParsePermissionedExtensionSet(log types.Log) (*SwapFacilityPermissionedExtensionSet, error) {
	event := new(SwapFacilityPermissionedExtensionSet)
	if err := _SwapFacility.contract.UnpackLog(event, "PermissionedExtensionSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilityPermissionedMSwapperSetIterator is returned from FilterPermissionedMSwapperSet and is used to iterate over the raw logs and unpacked data for PermissionedMSwapperSet events raised by the SwapFacility contract.
type SwapFacilityPermissionedMSwapperSetIterator struct {
	Event *SwapFacilityPermissionedMSwapperSet // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityPermissionedMSwapperSetIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityPermissionedMSwapperSet)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityPermissionedMSwapperSet)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityPermissionedMSwapperSetIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityPermissionedMSwapperSetIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityPermissionedMSwapperSet represents a PermissionedMSwapperSet event raised by the SwapFacility contract.
type SwapFacilityPermissionedMSwapperSet struct {
	Extension common.Address
	Swapper   common.Address
	Allowed   bool
	Raw       types.Log // Blockchain specific contextual infos
}

// FilterPermissionedMSwapperSet is a free log retrieval operation binding the contract event 0xe315f6e65becaee65bf0cbc2a489ea61e16e2ab2845a5aa3ec92420dc284117a.
//
// Solidity: event PermissionedMSwapperSet(address indexed extension, address indexed swapper, bool allowed)
func (_SwapFacility *SwapFacilityFilterer) FilterPermissionedMSwapperSet(opts *bind.FilterOpts, extension []common.Address, swapper []common.Address) (*SwapFacilityPermissionedMSwapperSetIterator, error) {

	var extensionRule []interface{}
	for _, extensionItem := range extension {
		extensionRule = append(extensionRule, extensionItem)
	}
	var swapperRule []interface{}
	for _, swapperItem := range swapper {
		swapperRule = append(swapperRule, swapperItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "PermissionedMSwapperSet", extensionRule, swapperRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityPermissionedMSwapperSetIterator{contract: _SwapFacility.contract, event: "PermissionedMSwapperSet", logs: logs, sub: sub}, nil
}

// WatchPermissionedMSwapperSet is a free log subscription operation binding the contract event 0xe315f6e65becaee65bf0cbc2a489ea61e16e2ab2845a5aa3ec92420dc284117a.
//
// Solidity: event PermissionedMSwapperSet(address indexed extension, address indexed swapper, bool allowed)
func (_SwapFacility *SwapFacilityFilterer) WatchPermissionedMSwapperSet(opts *bind.WatchOpts, sink chan<- *SwapFacilityPermissionedMSwapperSet, extension []common.Address, swapper []common.Address) (event.Subscription, error) {

	var extensionRule []interface{}
	for _, extensionItem := range extension {
		extensionRule = append(extensionRule, extensionItem)
	}
	var swapperRule []interface{}
	for _, swapperItem := range swapper {
		swapperRule = append(swapperRule, swapperItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "PermissionedMSwapperSet", extensionRule, swapperRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityPermissionedMSwapperSet)
				if err := _SwapFacility.contract.UnpackLog(event, "PermissionedMSwapperSet", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParsePermissionedMSwapperSet is a log parse operation binding the contract event 0xe315f6e65becaee65bf0cbc2a489ea61e16e2ab2845a5aa3ec92420dc284117a.
//
// Solidity: event PermissionedMSwapperSet(address indexed extension, address indexed swapper, bool allowed)
func (_SwapFacility *SwapFacilityFilterer) ParsePermissionedMSwapperSet(log types.Log) (*SwapFacilityPermissionedMSwapperSet, error) {
	event := new(SwapFacilityPermissionedMSwapperSet)
	if err := _SwapFacility.contract.UnpackLog(event, "PermissionedMSwapperSet", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilityRoleGrantedIterator is returned from FilterRoleGranted and is used to iterate over the raw logs and unpacked data for RoleGranted events raised by the SwapFacility contract.
type SwapFacilityRoleGrantedIterator struct {
	Event *SwapFacilityRoleGranted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityRoleGrantedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityRoleGranted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityRoleGranted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityRoleGrantedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityRoleGrantedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityRoleGranted represents a RoleGranted event raised by the SwapFacility contract.
type SwapFacilityRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleGranted is a free log retrieval operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_SwapFacility *SwapFacilityFilterer) FilterRoleGranted(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*SwapFacilityRoleGrantedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityRoleGrantedIterator{contract: _SwapFacility.contract, event: "RoleGranted", logs: logs, sub: sub}, nil
}

// WatchRoleGranted is a free log subscription operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_SwapFacility *SwapFacilityFilterer) WatchRoleGranted(opts *bind.WatchOpts, sink chan<- *SwapFacilityRoleGranted, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "RoleGranted", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityRoleGranted)
				if err := _SwapFacility.contract.UnpackLog(event, "RoleGranted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleGranted is a log parse operation binding the contract event 0x2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (_SwapFacility *SwapFacilityFilterer) ParseRoleGranted(log types.Log) (*SwapFacilityRoleGranted, error) {
	event := new(SwapFacilityRoleGranted)
	if err := _SwapFacility.contract.UnpackLog(event, "RoleGranted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilityRoleRevokedIterator is returned from FilterRoleRevoked and is used to iterate over the raw logs and unpacked data for RoleRevoked events raised by the SwapFacility contract.
type SwapFacilityRoleRevokedIterator struct {
	Event *SwapFacilityRoleRevoked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityRoleRevokedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityRoleRevoked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityRoleRevoked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityRoleRevokedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityRoleRevokedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityRoleRevoked represents a RoleRevoked event raised by the SwapFacility contract.
type SwapFacilityRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleRevoked is a free log retrieval operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_SwapFacility *SwapFacilityFilterer) FilterRoleRevoked(opts *bind.FilterOpts, role [][32]byte, account []common.Address, sender []common.Address) (*SwapFacilityRoleRevokedIterator, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilityRoleRevokedIterator{contract: _SwapFacility.contract, event: "RoleRevoked", logs: logs, sub: sub}, nil
}

// WatchRoleRevoked is a free log subscription operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_SwapFacility *SwapFacilityFilterer) WatchRoleRevoked(opts *bind.WatchOpts, sink chan<- *SwapFacilityRoleRevoked, role [][32]byte, account []common.Address, sender []common.Address) (event.Subscription, error) {

	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}
	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "RoleRevoked", roleRule, accountRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityRoleRevoked)
				if err := _SwapFacility.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleRevoked is a log parse operation binding the contract event 0xf6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (_SwapFacility *SwapFacilityFilterer) ParseRoleRevoked(log types.Log) (*SwapFacilityRoleRevoked, error) {
	event := new(SwapFacilityRoleRevoked)
	if err := _SwapFacility.contract.UnpackLog(event, "RoleRevoked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilitySwappedIterator is returned from FilterSwapped and is used to iterate over the raw logs and unpacked data for Swapped events raised by the SwapFacility contract.
type SwapFacilitySwappedIterator struct {
	Event *SwapFacilitySwapped // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilitySwappedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilitySwapped)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilitySwapped)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilitySwappedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilitySwappedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilitySwapped represents a Swapped event raised by the SwapFacility contract.
type SwapFacilitySwapped struct {
	ExtensionIn  common.Address
	ExtensionOut common.Address
	Amount       *big.Int
	Recipient    common.Address
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterSwapped is a free log retrieval operation binding the contract event 0x7621e0d883c1038028d167fa29ecc01dbb8bc0cf673db584432530d693259e51.
//
// Solidity: event Swapped(address indexed extensionIn, address indexed extensionOut, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) FilterSwapped(opts *bind.FilterOpts, extensionIn []common.Address, extensionOut []common.Address, recipient []common.Address) (*SwapFacilitySwappedIterator, error) {

	var extensionInRule []interface{}
	for _, extensionInItem := range extensionIn {
		extensionInRule = append(extensionInRule, extensionInItem)
	}
	var extensionOutRule []interface{}
	for _, extensionOutItem := range extensionOut {
		extensionOutRule = append(extensionOutRule, extensionOutItem)
	}

	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "Swapped", extensionInRule, extensionOutRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilitySwappedIterator{contract: _SwapFacility.contract, event: "Swapped", logs: logs, sub: sub}, nil
}

// WatchSwapped is a free log subscription operation binding the contract event 0x7621e0d883c1038028d167fa29ecc01dbb8bc0cf673db584432530d693259e51.
//
// Solidity: event Swapped(address indexed extensionIn, address indexed extensionOut, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) WatchSwapped(opts *bind.WatchOpts, sink chan<- *SwapFacilitySwapped, extensionIn []common.Address, extensionOut []common.Address, recipient []common.Address) (event.Subscription, error) {

	var extensionInRule []interface{}
	for _, extensionInItem := range extensionIn {
		extensionInRule = append(extensionInRule, extensionInItem)
	}
	var extensionOutRule []interface{}
	for _, extensionOutItem := range extensionOut {
		extensionOutRule = append(extensionOutRule, extensionOutItem)
	}

	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "Swapped", extensionInRule, extensionOutRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilitySwapped)
				if err := _SwapFacility.contract.UnpackLog(event, "Swapped", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSwapped is a log parse operation binding the contract event 0x7621e0d883c1038028d167fa29ecc01dbb8bc0cf673db584432530d693259e51.
//
// Solidity: event Swapped(address indexed extensionIn, address indexed extensionOut, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) ParseSwapped(log types.Log) (*SwapFacilitySwapped, error) {
	event := new(SwapFacilitySwapped)
	if err := _SwapFacility.contract.UnpackLog(event, "Swapped", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilitySwappedInMIterator is returned from FilterSwappedInM and is used to iterate over the raw logs and unpacked data for SwappedInM events raised by the SwapFacility contract.
type SwapFacilitySwappedInMIterator struct {
	Event *SwapFacilitySwappedInM // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilitySwappedInMIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilitySwappedInM)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilitySwappedInM)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilitySwappedInMIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilitySwappedInMIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilitySwappedInM represents a SwappedInM event raised by the SwapFacility contract.
type SwapFacilitySwappedInM struct {
	ExtensionOut common.Address
	Amount       *big.Int
	Recipient    common.Address
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterSwappedInM is a free log retrieval operation binding the contract event 0xea5845e6161e56b30740f4a743f316fa77bd8f48b1c3ce6eff595ab0385ba745.
//
// Solidity: event SwappedInM(address indexed extensionOut, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) FilterSwappedInM(opts *bind.FilterOpts, extensionOut []common.Address, recipient []common.Address) (*SwapFacilitySwappedInMIterator, error) {

	var extensionOutRule []interface{}
	for _, extensionOutItem := range extensionOut {
		extensionOutRule = append(extensionOutRule, extensionOutItem)
	}

	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "SwappedInM", extensionOutRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilitySwappedInMIterator{contract: _SwapFacility.contract, event: "SwappedInM", logs: logs, sub: sub}, nil
}

// WatchSwappedInM is a free log subscription operation binding the contract event 0xea5845e6161e56b30740f4a743f316fa77bd8f48b1c3ce6eff595ab0385ba745.
//
// Solidity: event SwappedInM(address indexed extensionOut, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) WatchSwappedInM(opts *bind.WatchOpts, sink chan<- *SwapFacilitySwappedInM, extensionOut []common.Address, recipient []common.Address) (event.Subscription, error) {

	var extensionOutRule []interface{}
	for _, extensionOutItem := range extensionOut {
		extensionOutRule = append(extensionOutRule, extensionOutItem)
	}

	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "SwappedInM", extensionOutRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilitySwappedInM)
				if err := _SwapFacility.contract.UnpackLog(event, "SwappedInM", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSwappedInM is a log parse operation binding the contract event 0xea5845e6161e56b30740f4a743f316fa77bd8f48b1c3ce6eff595ab0385ba745.
//
// Solidity: event SwappedInM(address indexed extensionOut, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) ParseSwappedInM(log types.Log) (*SwapFacilitySwappedInM, error) {
	event := new(SwapFacilitySwappedInM)
	if err := _SwapFacility.contract.UnpackLog(event, "SwappedInM", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilitySwappedOutMIterator is returned from FilterSwappedOutM and is used to iterate over the raw logs and unpacked data for SwappedOutM events raised by the SwapFacility contract.
type SwapFacilitySwappedOutMIterator struct {
	Event *SwapFacilitySwappedOutM // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilitySwappedOutMIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilitySwappedOutM)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilitySwappedOutM)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilitySwappedOutMIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilitySwappedOutMIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilitySwappedOutM represents a SwappedOutM event raised by the SwapFacility contract.
type SwapFacilitySwappedOutM struct {
	ExtensionIn common.Address
	Amount      *big.Int
	Recipient   common.Address
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterSwappedOutM is a free log retrieval operation binding the contract event 0x20715489f1868041ab913834efbaabc996170336daf633a4999d62bd5c162f08.
//
// Solidity: event SwappedOutM(address indexed extensionIn, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) FilterSwappedOutM(opts *bind.FilterOpts, extensionIn []common.Address, recipient []common.Address) (*SwapFacilitySwappedOutMIterator, error) {

	var extensionInRule []interface{}
	for _, extensionInItem := range extensionIn {
		extensionInRule = append(extensionInRule, extensionInItem)
	}

	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "SwappedOutM", extensionInRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return &SwapFacilitySwappedOutMIterator{contract: _SwapFacility.contract, event: "SwappedOutM", logs: logs, sub: sub}, nil
}

// WatchSwappedOutM is a free log subscription operation binding the contract event 0x20715489f1868041ab913834efbaabc996170336daf633a4999d62bd5c162f08.
//
// Solidity: event SwappedOutM(address indexed extensionIn, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) WatchSwappedOutM(opts *bind.WatchOpts, sink chan<- *SwapFacilitySwappedOutM, extensionIn []common.Address, recipient []common.Address) (event.Subscription, error) {

	var extensionInRule []interface{}
	for _, extensionInItem := range extensionIn {
		extensionInRule = append(extensionInRule, extensionInItem)
	}

	var recipientRule []interface{}
	for _, recipientItem := range recipient {
		recipientRule = append(recipientRule, recipientItem)
	}

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "SwappedOutM", extensionInRule, recipientRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilitySwappedOutM)
				if err := _SwapFacility.contract.UnpackLog(event, "SwappedOutM", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSwappedOutM is a log parse operation binding the contract event 0x20715489f1868041ab913834efbaabc996170336daf633a4999d62bd5c162f08.
//
// Solidity: event SwappedOutM(address indexed extensionIn, uint256 amount, address indexed recipient)
func (_SwapFacility *SwapFacilityFilterer) ParseSwappedOutM(log types.Log) (*SwapFacilitySwappedOutM, error) {
	event := new(SwapFacilitySwappedOutM)
	if err := _SwapFacility.contract.UnpackLog(event, "SwappedOutM", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapFacilityUnpausedIterator is returned from FilterUnpaused and is used to iterate over the raw logs and unpacked data for Unpaused events raised by the SwapFacility contract.
type SwapFacilityUnpausedIterator struct {
	Event *SwapFacilityUnpaused // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SwapFacilityUnpausedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SwapFacilityUnpaused)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SwapFacilityUnpaused)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SwapFacilityUnpausedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SwapFacilityUnpausedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SwapFacilityUnpaused represents a Unpaused event raised by the SwapFacility contract.
type SwapFacilityUnpaused struct {
	Account common.Address
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterUnpaused is a free log retrieval operation binding the contract event 0x5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa.
//
// Solidity: event Unpaused(address account)
func (_SwapFacility *SwapFacilityFilterer) FilterUnpaused(opts *bind.FilterOpts) (*SwapFacilityUnpausedIterator, error) {

	logs, sub, err := _SwapFacility.contract.FilterLogs(opts, "Unpaused")
	if err != nil {
		return nil, err
	}
	return &SwapFacilityUnpausedIterator{contract: _SwapFacility.contract, event: "Unpaused", logs: logs, sub: sub}, nil
}

// WatchUnpaused is a free log subscription operation binding the contract event 0x5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa.
//
// Solidity: event Unpaused(address account)
func (_SwapFacility *SwapFacilityFilterer) WatchUnpaused(opts *bind.WatchOpts, sink chan<- *SwapFacilityUnpaused) (event.Subscription, error) {

	logs, sub, err := _SwapFacility.contract.WatchLogs(opts, "Unpaused")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SwapFacilityUnpaused)
				if err := _SwapFacility.contract.UnpackLog(event, "Unpaused", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseUnpaused is a log parse operation binding the contract event 0x5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa.
//
// Solidity: event Unpaused(address account)
func (_SwapFacility *SwapFacilityFilterer) ParseUnpaused(log types.Log) (*SwapFacilityUnpaused, error) {
	event := new(SwapFacilityUnpaused)
	if err := _SwapFacility.contract.UnpackLog(event, "Unpaused", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SwapRouter02MetaData contains all meta data concerning the SwapRouter02 contract.
var SwapRouter02MetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"factory_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint24\",\"name\":\"fee\",\"type\":\"uint24\"}],\"name\":\"PoolNotFound\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"tokenIn\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"tokenOut\",\"type\":\"address\"},{\"internalType\":\"uint24\",\"name\":\"fee\",\"type\":\"uint24\"},{\"internalType\":\"address\",\"name\":\"recipient\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amountOutMinimum\",\"type\":\"uint256\"},{\"internalType\":\"uint160\",\"name\":\"sqrtPriceLimitX96\",\"type\":\"uint160\"}],\"internalType\":\"structExactInputSingleParams\",\"name\":\"p\",\"type\":\"tuple\"}],\"name\":\"exactInputSingle\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"factory\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"previousBlockhash\",\"type\":\"bytes32\"},{\"internalType\":\"bytes[]\",\"name\":\"data\",\"type\":\"bytes[]\"}],\"name\":\"multicall\",\"outputs\":[{\"internalType\":\"bytes[]\",\"name\":\"\",\"type\":\"bytes[]\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"bytes[]\",\"name\":\"data\",\"type\":\"bytes[]\"}],\"name\":\"multicall\",\"outputs\":[{\"internalType\":\"bytes[]\",\"name\":\"\",\"type\":\"bytes[]\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes[]\",\"name\":\"data\",\"type\":\"bytes[]\"}],\"name\":\"multicall\",\"outputs\":[{\"internalType\":\"bytes[]\",\"name\":\"results\",\"type\":\"bytes[]\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"selfPermit\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"selfPermitIfNecessary\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"}]",
	Bin: "0x60a034606c57601f610c6938819003918201601f19168301916001600160401b03831184841017607057808492602094604052833981010312606c57516001600160a01b0381168103606c57608052604051610be49081610085823960805181818160e3015261070f0152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe60806040526004361015610011575f80fd5b5f3560e01c806304e45aaf146100845780631f0464d11461007f5780635ae401dc1461007a578063ac9650d814610075578063c2e3140a14610070578063c45a01551461006b5763f3995c6714610066575f80fd5b61073e565b6106fa565b610675565b6105f3565b610575565b6104d6565b60e036600319011261042a576020608061009c610756565b6100df6100a7610765565b6100af61077d565b630b4c774160e11b85526001600160a01b03938416608452921660a45262ffffff90911660c452607f199060e490565b01817f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165afa8015610285575f906103fd575b6001600160a01b03811680156103b557610132610756565b61014961013d610765565b6001600160a01b031690565b6001600160a01b0390911610916084358061039b575061016d61013d61013d610756565b6040516370a0823160e01b815230600482015290602090829060249082905afa8015610285576101ae915f9161036c575b5080926101a9610756565b610b13565b6001600160a01b036101be61081f565b166102b5575b5061021c9160409160016001600160a01b036101de610771565b160361028a57335b835163513c681b60e11b81526001600160a01b0390911660048201529115156024830152909283919082905f9082906044820190565b03925af1801561028557610250915f91610254575b5061024060a435821015610888565b6040519081529081906020820190565b0390f35b610276915060403d60401161027e575b61026e81836107cb565b810190610872565b905082610231565b503d610264565b610805565b60026001600160a01b0361029c610771565b16036102a857306101e6565b6102b0610771565b6101e6565b60405163f7838e6b60e01b81528315156004820152602481019190915291602083604481855afa9182156102855761031860409361021c955f9161033d575b5083156103205761030661013d61081f565b6001600160a01b039091161015610840565b9150916101c4565b61032b61013d61081f565b6001600160a01b039091161115610840565b61035f915060203d602011610365575b61035781836107cb565b81019061082b565b866102f4565b503d61034d565b61038e915060203d602011610394575b61038681836107cb565b810190610810565b8561019e565b503d61037c565b90816103b0916103a9610756565b3390610aca565b6101ae565b6103fa6103c0610756565b6103c8610765565b6103d061077d565b63faa4d80d60e01b5f526001600160a01b03928316600452911660245262ffffff16604452606490565b5ffd5b5060203d602011610423575b8061041661041e926107a3565b6080016107ed565b61011a565b503d610409565b5f80fd5b9181601f8401121561042a5782359167ffffffffffffffff831161042a576020808501948460051b01011161042a57565b602081016020825282518091526040820191602060408360051b8301019401925f915b83831061049157505050505090565b909192939460208080600193603f19868203018752818a518051918291828552018484015e5f828201840152601f01601f191601019701959491909101920190610482565b604036600319011261042a5760043560243567ffffffffffffffff811161042a5761050590369060040161042e565b915f19430143811161056157400361053057610250916105249161099d565b6040519182918261045f565b60405162461bcd60e51b8152602060048201526009602482015268084d8dec6d6d0c2e6d60bb1b6044820152606490fd5b634e487b7160e01b5f52601160045260245ffd5b604036600319011261042a5760043560243567ffffffffffffffff811161042a576105a490369060040161042e565b9142116105b857610250916105249161099d565b60405162461bcd60e51b8152602060048201526013602482015272151c985b9cd858dd1a5bdb881d1bdbc81bdb19606a1b6044820152606490fd5b602036600319011261042a5760043567ffffffffffffffff811161042a5761052461062561025092369060040161042e565b9061099d565b6001600160a01b0381160361042a57565b60c090600319011261042a576004356106548161062b565b90602435906044359060643560ff8116810361042a57906084359060a43590565b61067e3661063c565b604051636eb1769f60e11b81523360048201523060248201529094919391906020816044816001600160a01b038b165afa80156102855782915f916106d1575b50106106c657005b6106cf95610a4c565b005b6106ea915060203d6020116103945761038681836107cb565b5f6106be565b5f91031261042a57565b3461042a575f36600319011261042a576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b6106cf61074a3661063c565b94939093929192610a4c565b6004356107628161062b565b90565b6024356107628161062b565b6064356107628161062b565b60443562ffffff8116810361042a5790565b634e487b7160e01b5f52604160045260245ffd5b601f80199101166080016080811067ffffffffffffffff8211176107c657604052565b61078f565b90601f8019910116810190811067ffffffffffffffff8211176107c657604052565b602090607f19011261042a576080516107628161062b565b6040513d5f823e3d90fd5b9081602091031261042a575190565b60c4356107628161062b565b9081602091031261042a57516107628161062b565b1561084757565b60405162461bcd60e51b815260206004820152600360248201526214d41360ea1b6044820152606490fd5b919082604091031261042a576020825192015190565b1561088f57565b60405162461bcd60e51b8152602060048201526013602482015272151bdbc81b1a5d1d1b19481c9958d95a5d9959606a1b6044820152606490fd5b67ffffffffffffffff81116107c65760051b60200190565b634e487b7160e01b5f52603260045260245ffd5b91908110156109385760051b81013590601e198136030182121561042a57019081359167ffffffffffffffff831161042a57602001823603811361042a579190565b6108e2565b908092918237015f815290565b3d15610984573d9067ffffffffffffffff82116107c65760405191610979601f8201601f1916602001846107cb565b82523d5f602084013e565b606090565b80518210156109385760209160051b010190565b9190916109a9836108ca565b906109b760405192836107cb565b838252601f196109c6856108ca565b015f5b818110610a3b57505081935f5b8181106109e35750505050565b5f806109f08385876108f6565b90610a006040518093819361093d565b0390305af4610a0d61094a565b9015610a335790600191610a218287610989565b52610a2c8186610989565b50016109d6565b602081519101fd5b8060606020809387010152016109c9565b92946001600160a01b0390931693919291843b1561042a575f9460e493869260ff604051998a98899763d505accf60e01b89523360048a01523060248a01526044890152606488015216608486015260a485015260c48401525af1801561028557610ab45750565b80610ac25f610ac8936107cb565b806106f0565b565b6040516323b872dd60e01b60208201526001600160a01b039283166024820152929091166044830152606480830193909352918152610ac891610b0e6084836107cb565b610b4e565b60405163a9059cbb60e01b60208201526001600160a01b039092166024830152604480830193909352918152610ac891610b0e6064836107cb565b90813b15610bc3575f816020829351910182855af1610b6b61094a565b9015610a335780518015159182610ba1575b5050610b865750565b6339f1c8d960e01b5f526001600160a01b031660045260245ffd5b60208181019350918101031261042a5751801515810361042a57155f80610b7d565b506339f1c8d960e01b5f9081526001600160a01b0391909116600452602490fd",
}

// SwapRouter02ABI is the input ABI used to generate the binding from.
// Deprecated: Use SwapRouter02MetaData.ABI instead.
var SwapRouter02ABI = SwapRouter02MetaData.ABI

// SwapRouter02Bin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use SwapRouter02MetaData.Bin instead.
var SwapRouter02Bin = SwapRouter02MetaData.Bin

// DeploySwapRouter02 deploys a new Ethereum contract, binding an instance of SwapRouter02 to it.
func DeploySwapRouter02(auth *bind.TransactOpts, backend bind.ContractBackend, factory_ common.Address) (common.Address, *types.Transaction, *SwapRouter02, error) {
	parsed, err := SwapRouter02MetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(SwapRouter02Bin), backend, factory_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &SwapRouter02{SwapRouter02Caller: SwapRouter02Caller{contract: contract}, SwapRouter02Transactor: SwapRouter02Transactor{contract: contract}, SwapRouter02Filterer: SwapRouter02Filterer{contract: contract}}, nil
}

// SwapRouter02 is an auto generated Go binding around an Ethereum contract.
type SwapRouter02 struct {
	SwapRouter02Caller     // Read-only binding to the contract
	SwapRouter02Transactor // Write-only binding to the contract
	SwapRouter02Filterer   // Log filterer for contract events
}

// SwapRouter02Caller is an auto generated read-only Go binding around an Ethereum contract.
type SwapRouter02Caller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SwapRouter02Transactor is an auto generated write-only Go binding around an Ethereum contract.
type SwapRouter02Transactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SwapRouter02Filterer is an auto generated log filtering Go binding around an Ethereum contract events.
type SwapRouter02Filterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SwapRouter02Session is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type SwapRouter02Session struct {
	Contract     *SwapRouter02     // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// SwapRouter02CallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type SwapRouter02CallerSession struct {
	Contract *SwapRouter02Caller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts       // Call options to use throughout this session
}

// SwapRouter02TransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type SwapRouter02TransactorSession struct {
	Contract     *SwapRouter02Transactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts       // Transaction auth options to use throughout this session
}

// SwapRouter02Raw is an auto generated low-level Go binding around an Ethereum contract.
type SwapRouter02Raw struct {
	Contract *SwapRouter02 // Generic contract binding to access the raw methods on
}

// SwapRouter02CallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type SwapRouter02CallerRaw struct {
	Contract *SwapRouter02Caller // Generic read-only contract binding to access the raw methods on
}

// SwapRouter02TransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type SwapRouter02TransactorRaw struct {
	Contract *SwapRouter02Transactor // Generic write-only contract binding to access the raw methods on
}

// NewSwapRouter02 creates a new instance of SwapRouter02, bound to a specific deployed contract.
func NewSwapRouter02(address common.Address, backend bind.ContractBackend) (*SwapRouter02, error) {
	contract, err := bindSwapRouter02(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &SwapRouter02{SwapRouter02Caller: SwapRouter02Caller{contract: contract}, SwapRouter02Transactor: SwapRouter02Transactor{contract: contract}, SwapRouter02Filterer: SwapRouter02Filterer{contract: contract}}, nil
}

// NewSwapRouter02Caller creates a new read-only instance of SwapRouter02, bound to a specific deployed contract.
func NewSwapRouter02Caller(address common.Address, caller bind.ContractCaller) (*SwapRouter02Caller, error) {
	contract, err := bindSwapRouter02(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &SwapRouter02Caller{contract: contract}, nil
}

// NewSwapRouter02Transactor creates a new write-only instance of SwapRouter02, bound to a specific deployed contract.
func NewSwapRouter02Transactor(address common.Address, transactor bind.ContractTransactor) (*SwapRouter02Transactor, error) {
	contract, err := bindSwapRouter02(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &SwapRouter02Transactor{contract: contract}, nil
}

// NewSwapRouter02Filterer creates a new log filterer instance of SwapRouter02, bound to a specific deployed contract.
func NewSwapRouter02Filterer(address common.Address, filterer bind.ContractFilterer) (*SwapRouter02Filterer, error) {
	contract, err := bindSwapRouter02(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &SwapRouter02Filterer{contract: contract}, nil
}

// bindSwapRouter02 binds a generic wrapper to an already deployed contract.
func bindSwapRouter02(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := SwapRouter02MetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SwapRouter02 *SwapRouter02Raw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SwapRouter02.Contract.SwapRouter02Caller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SwapRouter02 *SwapRouter02Raw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SwapRouter02.Contract.SwapRouter02Transactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SwapRouter02 *SwapRouter02Raw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SwapRouter02.Contract.SwapRouter02Transactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SwapRouter02 *SwapRouter02CallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SwapRouter02.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SwapRouter02 *SwapRouter02TransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SwapRouter02.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SwapRouter02 *SwapRouter02TransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SwapRouter02.Contract.contract.Transact(opts, method, params...)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_SwapRouter02 *SwapRouter02Caller) Factory(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SwapRouter02.contract.Call(opts, &out, "factory")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_SwapRouter02 *SwapRouter02Session) Factory() (common.Address, error) {
	return _SwapRouter02.Contract.Factory(&_SwapRouter02.CallOpts)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_SwapRouter02 *SwapRouter02CallerSession) Factory() (common.Address, error) {
	return _SwapRouter02.Contract.Factory(&_SwapRouter02.CallOpts)
}

// ExactInputSingle is a paid mutator transaction binding the contract method 0x04e45aaf.
//
// Solidity: function exactInputSingle((address,address,uint24,address,uint256,uint256,uint160) p) payable returns(uint256 amountOut)
func (_SwapRouter02 *SwapRouter02Transactor) ExactInputSingle(opts *bind.TransactOpts, p ExactInputSingleParams) (*types.Transaction, error) {
	return _SwapRouter02.contract.Transact(opts, "exactInputSingle", p)
}

// ExactInputSingle is a paid mutator transaction binding the contract method 0x04e45aaf.
//
// Solidity: function exactInputSingle((address,address,uint24,address,uint256,uint256,uint160) p) payable returns(uint256 amountOut)
func (_SwapRouter02 *SwapRouter02Session) ExactInputSingle(p ExactInputSingleParams) (*types.Transaction, error) {
	return _SwapRouter02.Contract.ExactInputSingle(&_SwapRouter02.TransactOpts, p)
}

// ExactInputSingle is a paid mutator transaction binding the contract method 0x04e45aaf.
//
// Solidity: function exactInputSingle((address,address,uint24,address,uint256,uint256,uint160) p) payable returns(uint256 amountOut)
func (_SwapRouter02 *SwapRouter02TransactorSession) ExactInputSingle(p ExactInputSingleParams) (*types.Transaction, error) {
	return _SwapRouter02.Contract.ExactInputSingle(&_SwapRouter02.TransactOpts, p)
}

// Multicall is a paid mutator transaction binding the contract method 0x1f0464d1.
//
// Solidity: function multicall(bytes32 previousBlockhash, bytes[] data) payable returns(bytes[])
func (_SwapRouter02 *SwapRouter02Transactor) Multicall(opts *bind.TransactOpts, previousBlockhash [32]byte, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.contract.Transact(opts, "multicall", previousBlockhash, data)
}

// Multicall is a paid mutator transaction binding the contract method 0x1f0464d1.
//
// Solidity: function multicall(bytes32 previousBlockhash, bytes[] data) payable returns(bytes[])
func (_SwapRouter02 *SwapRouter02Session) Multicall(previousBlockhash [32]byte, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.Multicall(&_SwapRouter02.TransactOpts, previousBlockhash, data)
}

// Multicall is a paid mutator transaction binding the contract method 0x1f0464d1.
//
// Solidity: function multicall(bytes32 previousBlockhash, bytes[] data) payable returns(bytes[])
func (_SwapRouter02 *SwapRouter02TransactorSession) Multicall(previousBlockhash [32]byte, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.Multicall(&_SwapRouter02.TransactOpts, previousBlockhash, data)
}

// Multicall0 is a paid mutator transaction binding the contract method 0x5ae401dc.
//
// Solidity: function multicall(uint256 deadline, bytes[] data) payable returns(bytes[])
func (_SwapRouter02 *SwapRouter02Transactor) Multicall0(opts *bind.TransactOpts, deadline *big.Int, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.contract.Transact(opts, "multicall0", deadline, data)
}

// Multicall0 is a paid mutator transaction binding the contract method 0x5ae401dc.
//
// Solidity: function multicall(uint256 deadline, bytes[] data) payable returns(bytes[])
func (_SwapRouter02 *SwapRouter02Session) Multicall0(deadline *big.Int, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.Multicall0(&_SwapRouter02.TransactOpts, deadline, data)
}

// Multicall0 is a paid mutator transaction binding the contract method 0x5ae401dc.
//
// Solidity: function multicall(uint256 deadline, bytes[] data) payable returns(bytes[])
func (_SwapRouter02 *SwapRouter02TransactorSession) Multicall0(deadline *big.Int, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.Multicall0(&_SwapRouter02.TransactOpts, deadline, data)
}

// Multicall1 is a paid mutator transaction binding the contract method 0xac9650d8.
//
// Solidity: function multicall(bytes[] data) payable returns(bytes[] results)
func (_SwapRouter02 *SwapRouter02Transactor) Multicall1(opts *bind.TransactOpts, data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.contract.Transact(opts, "multicall1", data)
}

// Multicall1 is a paid mutator transaction binding the contract method 0xac9650d8.
//
// Solidity: function multicall(bytes[] data) payable returns(bytes[] results)
func (_SwapRouter02 *SwapRouter02Session) Multicall1(data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.Multicall1(&_SwapRouter02.TransactOpts, data)
}

// Multicall1 is a paid mutator transaction binding the contract method 0xac9650d8.
//
// Solidity: function multicall(bytes[] data) payable returns(bytes[] results)
func (_SwapRouter02 *SwapRouter02TransactorSession) Multicall1(data [][]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.Multicall1(&_SwapRouter02.TransactOpts, data)
}

// SelfPermit is a paid mutator transaction binding the contract method 0xf3995c67.
//
// Solidity: function selfPermit(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) payable returns()
func (_SwapRouter02 *SwapRouter02Transactor) SelfPermit(opts *bind.TransactOpts, token common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapRouter02.contract.Transact(opts, "selfPermit", token, value, deadline, v, r, s)
}

// SelfPermit is a paid mutator transaction binding the contract method 0xf3995c67.
//
// Solidity: function selfPermit(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) payable returns()
func (_SwapRouter02 *SwapRouter02Session) SelfPermit(token common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.SelfPermit(&_SwapRouter02.TransactOpts, token, value, deadline, v, r, s)
}

// SelfPermit is a paid mutator transaction binding the contract method 0xf3995c67.
//
// Solidity: function selfPermit(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) payable returns()
func (_SwapRouter02 *SwapRouter02TransactorSession) SelfPermit(token common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.SelfPermit(&_SwapRouter02.TransactOpts, token, value, deadline, v, r, s)
}

// SelfPermitIfNecessary is a paid mutator transaction binding the contract method 0xc2e3140a.
//
// Solidity: function selfPermitIfNecessary(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) payable returns()
func (_SwapRouter02 *SwapRouter02Transactor) SelfPermitIfNecessary(opts *bind.TransactOpts, token common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapRouter02.contract.Transact(opts, "selfPermitIfNecessary", token, value, deadline, v, r, s)
}

// SelfPermitIfNecessary is a paid mutator transaction binding the contract method 0xc2e3140a.
//
// Solidity: function selfPermitIfNecessary(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) payable returns()
func (_SwapRouter02 *SwapRouter02Session) SelfPermitIfNecessary(token common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.SelfPermitIfNecessary(&_SwapRouter02.TransactOpts, token, value, deadline, v, r, s)
}

// SelfPermitIfNecessary is a paid mutator transaction binding the contract method 0xc2e3140a.
//
// Solidity: function selfPermitIfNecessary(address token, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) payable returns()
func (_SwapRouter02 *SwapRouter02TransactorSession) SelfPermitIfNecessary(token common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) (*types.Transaction, error) {
	return _SwapRouter02.Contract.SelfPermitIfNecessary(&_SwapRouter02.TransactOpts, token, value, deadline, v, r, s)
}

// TetherTokenMetaData contains all meta data concerning the TetherToken contract.
var TetherTokenMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"holder\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Bin: "0x60a034606d57601f61060838819003918201601f19168301916001600160401b03831184841017607157808492602094604052833981010312606d57516001600160a01b0381168103606d576080526040516105829081610086823960805181818161018a01526102100152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe60806040526004361015610011575f80fd5b5f3560e01c806306fdde031461040b578063095ea7b31461036357806318160ddd1461034757806323b872dd146102b5578063313ce5671461029a57806340c10f19146101f157806370a08231146101b95780638da5cb5b1461017557806395d89b411461010e578063a9059cbb146100e65763dd62ed3e14610092575f80fd5b346100e25760403660031901126100e2576100ab610486565b6100b361049c565b6001600160a01b039182165f908152600260209081526040808320949093168252928352819020549051908152f35b5f80fd5b346100e25760403660031901126100e25761010c610102610486565b60243590336104e0565b005b346100e2575f3660031901126100e257604051604081019080821067ffffffffffffffff8311176101615761015d9160405260048152631554d11560e21b60208201526040519182918261045c565b0390f35b634e487b7160e01b5f52604160045260245ffd5b346100e2575f3660031901126100e2576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b346100e25760203660031901126100e2576001600160a01b036101da610486565b165f526001602052602060405f2054604051908152f35b346100e25760403660031901126100e25761020a610486565b602435907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036100e2577fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60205f9261026e8585546104d3565b845560018060a01b031693848452600182526040842061028f8282546104d3565b9055604051908152a3005b346100e2575f3660031901126100e257602060405160068152f35b346100e25760603660031901126100e2576102ce610486565b6102d661049c565b6001600160a01b0382165f8181526002602090815260408083203384529091529020549260443592918385106100e25761010c94846001820161031c575b5050506104e0565b610325916104b2565b5f91825260026020908152604080842033855290915290912055848084610314565b346100e2575f3660031901126100e25760205f54604051908152f35b346100e25760403660031901126100e25761037c610486565b60243590811580156103e5575b156100e257335f52600260205260405f2060018060a01b0382165f526020528160405f205560405191825260018060a01b0316907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3005b50335f52600260205260405f2060018060a01b0382165f5260205260405f205415610389565b346100e2575f3660031901126100e257604051604081019080821067ffffffffffffffff8311176101615761015d91604052600a81526915195d1a195c881554d160b21b6020820152604051918291825b602060409281835280519182918282860152018484015e5f828201840152601f01601f1916010190565b600435906001600160a01b03821682036100e257565b602435906001600160a01b03821682036100e257565b919082039182116104bf57565b634e487b7160e01b5f52601160045260245ffd5b919082018092116104bf57565b6001600160a01b03909116919082151580610561575b156100e25760207fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef9160018060a01b031692835f526001825260405f2061053e8282546104b2565b9055845f526001825260405f206105568282546104d3565b9055604051908152a3565b506001600160a01b0381165f908152600160205260409020548211156104f656",
}

// TetherTokenABI is the input ABI used to generate the binding from.
// Deprecated: Use TetherTokenMetaData.ABI instead.
var TetherTokenABI = TetherTokenMetaData.ABI

// TetherTokenBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use TetherTokenMetaData.Bin instead.
var TetherTokenBin = TetherTokenMetaData.Bin

// DeployTetherToken deploys a new Ethereum contract, binding an instance of TetherToken to it.
func DeployTetherToken(auth *bind.TransactOpts, backend bind.ContractBackend, owner_ common.Address) (common.Address, *types.Transaction, *TetherToken, error) {
	parsed, err := TetherTokenMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(TetherTokenBin), backend, owner_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &TetherToken{TetherTokenCaller: TetherTokenCaller{contract: contract}, TetherTokenTransactor: TetherTokenTransactor{contract: contract}, TetherTokenFilterer: TetherTokenFilterer{contract: contract}}, nil
}

// TetherToken is an auto generated Go binding around an Ethereum contract.
type TetherToken struct {
	TetherTokenCaller     // Read-only binding to the contract
	TetherTokenTransactor // Write-only binding to the contract
	TetherTokenFilterer   // Log filterer for contract events
}

// TetherTokenCaller is an auto generated read-only Go binding around an Ethereum contract.
type TetherTokenCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// TetherTokenTransactor is an auto generated write-only Go binding around an Ethereum contract.
type TetherTokenTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// TetherTokenFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type TetherTokenFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// TetherTokenSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type TetherTokenSession struct {
	Contract     *TetherToken      // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// TetherTokenCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type TetherTokenCallerSession struct {
	Contract *TetherTokenCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts      // Call options to use throughout this session
}

// TetherTokenTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type TetherTokenTransactorSession struct {
	Contract     *TetherTokenTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts      // Transaction auth options to use throughout this session
}

// TetherTokenRaw is an auto generated low-level Go binding around an Ethereum contract.
type TetherTokenRaw struct {
	Contract *TetherToken // Generic contract binding to access the raw methods on
}

// TetherTokenCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type TetherTokenCallerRaw struct {
	Contract *TetherTokenCaller // Generic read-only contract binding to access the raw methods on
}

// TetherTokenTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type TetherTokenTransactorRaw struct {
	Contract *TetherTokenTransactor // Generic write-only contract binding to access the raw methods on
}

// NewTetherToken creates a new instance of TetherToken, bound to a specific deployed contract.
func NewTetherToken(address common.Address, backend bind.ContractBackend) (*TetherToken, error) {
	contract, err := bindTetherToken(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &TetherToken{TetherTokenCaller: TetherTokenCaller{contract: contract}, TetherTokenTransactor: TetherTokenTransactor{contract: contract}, TetherTokenFilterer: TetherTokenFilterer{contract: contract}}, nil
}

// NewTetherTokenCaller creates a new read-only instance of TetherToken, bound to a specific deployed contract.
func NewTetherTokenCaller(address common.Address, caller bind.ContractCaller) (*TetherTokenCaller, error) {
	contract, err := bindTetherToken(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &TetherTokenCaller{contract: contract}, nil
}

// NewTetherTokenTransactor creates a new write-only instance of TetherToken, bound to a specific deployed contract.
func NewTetherTokenTransactor(address common.Address, transactor bind.ContractTransactor) (*TetherTokenTransactor, error) {
	contract, err := bindTetherToken(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &TetherTokenTransactor{contract: contract}, nil
}

// NewTetherTokenFilterer creates a new log filterer instance of TetherToken, bound to a specific deployed contract.
func NewTetherTokenFilterer(address common.Address, filterer bind.ContractFilterer) (*TetherTokenFilterer, error) {
	contract, err := bindTetherToken(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &TetherTokenFilterer{contract: contract}, nil
}

// bindTetherToken binds a generic wrapper to an already deployed contract.
func bindTetherToken(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := TetherTokenMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_TetherToken *TetherTokenRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _TetherToken.Contract.TetherTokenCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_TetherToken *TetherTokenRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _TetherToken.Contract.TetherTokenTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_TetherToken *TetherTokenRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _TetherToken.Contract.TetherTokenTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_TetherToken *TetherTokenCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _TetherToken.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_TetherToken *TetherTokenTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _TetherToken.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_TetherToken *TetherTokenTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _TetherToken.Contract.contract.Transact(opts, method, params...)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address holder, address spender) view returns(uint256)
func (_TetherToken *TetherTokenCaller) Allowance(opts *bind.CallOpts, holder common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "allowance", holder, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address holder, address spender) view returns(uint256)
func (_TetherToken *TetherTokenSession) Allowance(holder common.Address, spender common.Address) (*big.Int, error) {
	return _TetherToken.Contract.Allowance(&_TetherToken.CallOpts, holder, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address holder, address spender) view returns(uint256)
func (_TetherToken *TetherTokenCallerSession) Allowance(holder common.Address, spender common.Address) (*big.Int, error) {
	return _TetherToken.Contract.Allowance(&_TetherToken.CallOpts, holder, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_TetherToken *TetherTokenCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_TetherToken *TetherTokenSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _TetherToken.Contract.BalanceOf(&_TetherToken.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_TetherToken *TetherTokenCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _TetherToken.Contract.BalanceOf(&_TetherToken.CallOpts, account)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_TetherToken *TetherTokenCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_TetherToken *TetherTokenSession) Decimals() (uint8, error) {
	return _TetherToken.Contract.Decimals(&_TetherToken.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_TetherToken *TetherTokenCallerSession) Decimals() (uint8, error) {
	return _TetherToken.Contract.Decimals(&_TetherToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_TetherToken *TetherTokenCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_TetherToken *TetherTokenSession) Name() (string, error) {
	return _TetherToken.Contract.Name(&_TetherToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_TetherToken *TetherTokenCallerSession) Name() (string, error) {
	return _TetherToken.Contract.Name(&_TetherToken.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_TetherToken *TetherTokenCaller) Owner(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "owner")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_TetherToken *TetherTokenSession) Owner() (common.Address, error) {
	return _TetherToken.Contract.Owner(&_TetherToken.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_TetherToken *TetherTokenCallerSession) Owner() (common.Address, error) {
	return _TetherToken.Contract.Owner(&_TetherToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_TetherToken *TetherTokenCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_TetherToken *TetherTokenSession) Symbol() (string, error) {
	return _TetherToken.Contract.Symbol(&_TetherToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_TetherToken *TetherTokenCallerSession) Symbol() (string, error) {
	return _TetherToken.Contract.Symbol(&_TetherToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_TetherToken *TetherTokenCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _TetherToken.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_TetherToken *TetherTokenSession) TotalSupply() (*big.Int, error) {
	return _TetherToken.Contract.TotalSupply(&_TetherToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_TetherToken *TetherTokenCallerSession) TotalSupply() (*big.Int, error) {
	return _TetherToken.Contract.TotalSupply(&_TetherToken.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns()
func (_TetherToken *TetherTokenSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.Approve(&_TetherToken.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.Approve(&_TetherToken.TransactOpts, spender, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_TetherToken *TetherTokenSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.Mint(&_TetherToken.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.Mint(&_TetherToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns()
func (_TetherToken *TetherTokenSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.Transfer(&_TetherToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.Transfer(&_TetherToken.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns()
func (_TetherToken *TetherTokenSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.TransferFrom(&_TetherToken.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns()
func (_TetherToken *TetherTokenTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _TetherToken.Contract.TransferFrom(&_TetherToken.TransactOpts, from, to, amount)
}

// TetherTokenApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the TetherToken contract.
type TetherTokenApprovalIterator struct {
	Event *TetherTokenApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *TetherTokenApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(TetherTokenApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(TetherTokenApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *TetherTokenApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *TetherTokenApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// TetherTokenApproval represents a Approval event raised by the TetherToken contract.
type TetherTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_TetherToken *TetherTokenFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*TetherTokenApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _TetherToken.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &TetherTokenApprovalIterator{contract: _TetherToken.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_TetherToken *TetherTokenFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *TetherTokenApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _TetherToken.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(TetherTokenApproval)
				if err := _TetherToken.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_TetherToken *TetherTokenFilterer) ParseApproval(log types.Log) (*TetherTokenApproval, error) {
	event := new(TetherTokenApproval)
	if err := _TetherToken.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// TetherTokenTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the TetherToken contract.
type TetherTokenTransferIterator struct {
	Event *TetherTokenTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *TetherTokenTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(TetherTokenTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(TetherTokenTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *TetherTokenTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *TetherTokenTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// TetherTokenTransfer represents a Transfer event raised by the TetherToken contract.
type TetherTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_TetherToken *TetherTokenFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*TetherTokenTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _TetherToken.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &TetherTokenTransferIterator{contract: _TetherToken.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_TetherToken *TetherTokenFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *TetherTokenTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _TetherToken.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(TetherTokenTransfer)
				if err := _TetherToken.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_TetherToken *TetherTokenFilterer) ParseTransfer(log types.Log) (*TetherTokenTransfer, error) {
	event := new(TetherTokenTransfer)
	if err := _TetherToken.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}
