// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { Roles, SafeTransfer } from "./Common.sol";
import { ERC20Extended, PermitERC20 } from "./PermitERC20.sol";

/// @dev M's index at 1.0 in its 12-decimal fixed point (the devnet M does not earn).
uint128 constant INDEX_ONE = 1e12;

/// @title  MToken
/// @notice Stand-in for $M: name "M by M^0", symbol "M", 6 decimals, EIP-712 version "1".
///         Holders of MINTER_ROLE (the deployer for seeding, the Portal on a spoke chain) mint and burn.
contract MToken is ERC20Extended, Roles {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address admin) ERC20Extended("M by M^0", "M", 6, "1") Roles(admin) {
        _grantRole(MINTER_ROLE, admin);
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    /// @notice Burns `amount` from the caller's own balance.
    function burn(uint256 amount) external onlyRole(MINTER_ROLE) {
        _burn(msg.sender, amount);
    }

    function currentIndex() external pure returns (uint128) {
        return INDEX_ONE;
    }
}

/// @title  MExtensionBase
/// @notice What every M0 extension stand-in shares (MExtension base): 6 decimals, EIP-712 version "1", domain
///         name = token name. `wrap` and `unwrap` are callable only by the SwapFacility:
///         - wrap(recipient, amount): pulls `amount` M from the SwapFacility and mints to `recipient`;
///         - unwrap(recipient, amount): burns the SwapFacility's own extension balance and sends the M back
///           to the SwapFacility (the recipient argument is ignored, as on mainnet).
///         `mToken` and `swapFacility` are immutables, so they hold behind a proxy too.
abstract contract MExtensionBase is ERC20Extended, Roles {
    using SafeTransfer for address;

    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    address public immutable mToken;
    address public immutable swapFacility;

    error ZeroMToken();
    error ZeroSwapFacility();
    error NotSwapFacility();
    error InsufficientAmount(uint256 amount);

    constructor(address mToken_, address swapFacility_) {
        if (mToken_ == address(0)) revert ZeroMToken();
        if (swapFacility_ == address(0)) revert ZeroSwapFacility();
        mToken = mToken_;
        swapFacility = swapFacility_;
    }

    modifier onlySwapFacility() {
        if (msg.sender != swapFacility) revert NotSwapFacility();
        _;
    }

    function wrap(address recipient, uint256 amount) external onlySwapFacility {
        if (amount == 0) revert InsufficientAmount(amount);
        if (recipient == address(0)) revert InvalidRecipient(recipient);
        mToken.safeTransferFrom(msg.sender, address(this), amount);
        _mint(recipient, amount);
    }

    function unwrap(address recipient, uint256 amount) external onlySwapFacility {
        if (amount == 0) revert InsufficientAmount(amount);
        _burn(msg.sender, amount);
        mToken.safeTransfer(msg.sender, amount);
    }

    /// @notice Seeding only: mints extension tokens that no M backs (they cannot be unwrapped unless M is
    ///         sent to this contract too).
    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    function isEarningEnabled() external pure returns (bool) {
        return false;
    }

    function currentIndex() external pure returns (uint128) {
        return INDEX_ONE;
    }
}

/// @title  MExtension
/// @notice Stand-in for an M0 extension (upgradeable MExtension base, deployed without a proxy here): the
///         domain separator is computed on every call for `address(this)`, so it always matches
///         `eip712Domain()`.
contract MExtension is MExtensionBase {
    constructor(string memory name_, string memory symbol_, address mToken_, address swapFacility_, address admin)
        ERC20Extended(name_, symbol_, 6, "1")
        Roles(admin)
        MExtensionBase(mToken_, swapFacility_)
    {
        _grantRole(MINTER_ROLE, admin);
    }
}

/// @title  CachedDomainMExtension
/// @notice An extension built on the older non-upgradeable ERC712Extended (as Wrapped M v1 is) and deployed
///         behind a proxy (`ERC1967Proxy`). The constructor caches the domain separator and the chain id in
///         immutables; `address(this)` there is the implementation. So behind the proxy:
///         - `DOMAIN_SEPARATOR()` returns the separator bound to the implementation's address;
///         - `eip712Domain()` reports the proxy as verifyingContract;
///         - `permit` verifies against `DOMAIN_SEPARATOR()`, so only permits signed for the implementation's
///           address pass, and permits signed for the domain `eip712Domain()` reports are rejected.
///         On another chain id (a fork) the separator is recomputed for `address(this)`, as the original does.
///         Name, symbol, version and roles live in the proxy's storage, set once by `initialize`.
contract CachedDomainMExtension is MExtensionBase {
    uint256 private immutable _INITIAL_CHAIN_ID;
    bytes32 private immutable _INITIAL_DOMAIN_SEPARATOR;
    bytes32 private immutable _NAME_HASH;

    bool private _initialized;

    error AlreadyInitialized();
    error NameMismatch();

    /// @param name_ The token name the proxy will be initialized with (the separator is computed over it).
    /// @dev   The implementation's own storage is initialized here (the deployer is its admin), so nobody can
    ///        initialize the bare implementation later.
    constructor(string memory name_, address mToken_, address swapFacility_)
        ERC20Extended(name_, "", 6, "1")
        Roles(msg.sender)
        MExtensionBase(mToken_, swapFacility_)
    {
        _initialized = true;
        _NAME_HASH = keccak256(bytes(name_));
        _INITIAL_CHAIN_ID = block.chainid;
        _INITIAL_DOMAIN_SEPARATOR = _domainSeparator(address(this));
    }

    /// @notice Sets the proxy's name, symbol and EIP-712 version "1" and makes `admin` its admin and minter.
    ///         `name_` must be the implementation's (`NameMismatch()` otherwise); once only
    ///         (`AlreadyInitialized()`).
    function initialize(string memory name_, string memory symbol_, address admin) external {
        if (_initialized) revert AlreadyInitialized();
        if (keccak256(bytes(name_)) != _NAME_HASH) revert NameMismatch();
        if (admin == address(0)) revert ZeroAdmin();
        _initialized = true;
        _setMetadata(name_, symbol_, "1");
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    /// @notice The separator cached at construction (bound to the implementation) while the chain id is
    ///         unchanged.
    function DOMAIN_SEPARATOR() public view override returns (bytes32) {
        return block.chainid == _INITIAL_CHAIN_ID ? _INITIAL_DOMAIN_SEPARATOR : _domainSeparator(address(this));
    }
}

/// @title  FiatToken
/// @notice USDC-like stablecoin: name "USD Coin", symbol "USDC", 6 decimals, EIP-2612 with domain
///         version "2" (both permit overloads, as FiatToken v2.2). As FiatToken v2.2 it exposes `version()`
///         and `DOMAIN_SEPARATOR()` but no EIP-5267 `eip712Domain()`. MINTER_ROLE mints.
contract FiatToken is PermitERC20, Roles {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address admin) PermitERC20("USD Coin", "USDC", 6, "2") Roles(admin) {
        _grantRole(MINTER_ROLE, admin);
    }

    /// @notice The EIP-712 domain version, "2".
    function version() external view returns (string memory) {
        return _version;
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }
}

/// @title  TetherToken
/// @notice USDT-like stablecoin without permit: name "Tether USD", symbol "USDT", 6 decimals.
///         Keeps mainnet USDT's two quirks: `transfer`, `transferFrom` and `approve` return nothing, and
///         `approve` reverts (empty reason) when changing a non-zero allowance to another non-zero value.
contract TetherToken {
    string public constant name = "Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    address public immutable owner;
    uint256 public totalSupply;
    mapping(address account => uint256) public balanceOf;
    mapping(address holder => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address owner_) {
        owner = owner_;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
    }

    function transferFrom(address from, address to, uint256 amount) external {
        uint256 current = allowance[from][msg.sender];
        require(current >= amount);
        if (current != type(uint256).max) allowance[from][msg.sender] = current - amount;
        _transfer(from, to, amount);
    }

    function approve(address spender, uint256 amount) external {
        require(amount == 0 || allowance[msg.sender][spender] == 0);
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0) && balanceOf[from] >= amount);
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
