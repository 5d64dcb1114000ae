"""What the three hanafuda games' adapters share (Koi-Koi, Roppyakken, Go-Stop)."""
