// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { Roles, SafeTransfer } from "./Common.sol";
import { PermitERC20 } from "./PermitERC20.sol";

/// @dev M's index at 1.0 in its 12-decimal fixed point (the devnet M does not earn).
uint128 constant INDEX_ONE = 1e12;

/// @title  MToken
/// @notice Stand-in for $M: name "M by M^0", symbol "M", 6 decimals, EIP-712 version "1".
///         Holders of MINTER_ROLE (the deployer for seeding, the Portal on a spoke chain) mint and burn.
contract MToken is PermitERC20, Roles {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address admin) PermitERC20("M by M^0", "M", 6, "1") Roles(admin) {
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

/// @title  MExtension
/// @notice Stand-in for an M0 extension (MExtension base): 6 decimals, EIP-712 version "1", domain name
///         = token name. `wrap` and `unwrap` are callable only by the SwapFacility:
///         - wrap(recipient, amount): pulls `amount` M from the SwapFacility and mints to `recipient`;
///         - unwrap(recipient, amount): burns the SwapFacility's own extension balance and sends the M back
///           to the SwapFacility (the recipient argument is ignored, as on mainnet).
contract MExtension is PermitERC20, Roles {
    using SafeTransfer for address;

    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    address public immutable mToken;
    address public immutable swapFacility;

    error ZeroMToken();
    error ZeroSwapFacility();
    error NotSwapFacility();
    error InsufficientAmount(uint256 amount);

    constructor(string memory name_, string memory symbol_, address mToken_, address swapFacility_, address admin)
        PermitERC20(name_, symbol_, 6, "1")
        Roles(admin)
    {
        if (mToken_ == address(0)) revert ZeroMToken();
        if (swapFacility_ == address(0)) revert ZeroSwapFacility();
        mToken = mToken_;
        swapFacility = swapFacility_;
        _grantRole(MINTER_ROLE, admin);
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

/// @title  FiatToken
/// @notice USDC-like stablecoin: name "USD Coin", symbol "USDC", 6 decimals, EIP-2612 with domain
///         version "2" (both permit overloads, as FiatToken v2.2). MINTER_ROLE mints.
contract FiatToken is PermitERC20, Roles {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address admin) PermitERC20("USD Coin", "USDC", 6, "2") Roles(admin) {
        _grantRole(MINTER_ROLE, admin);
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
