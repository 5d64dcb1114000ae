"""Pure game rules: no Discord, no Pillow, no asyncio, no I/O."""
