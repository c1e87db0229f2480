import Chip from '@mui/material/Chip';

type ToggleChipProps = { label: string; isOn: boolean; disabled?: boolean; onClick: () => void };

/** A chip switched on and off by a click: filled when on, and saying so to a screen reader. */
export const ToggleChip = ({ label, isOn, disabled, onClick }: ToggleChipProps) => (
  <Chip
    label={label}
    color={isOn ? 'primary' : 'default'}
    variant={isOn ? 'filled' : 'outlined'}
    aria-pressed={isOn}
    disabled={disabled}
    onClick={onClick}
  />
);
