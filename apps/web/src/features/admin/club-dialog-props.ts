import type { AdminClub } from '@carta/contract/admin';

/**
 * What the clubs tab hands a dialog about one club (its message, a sponsorship): the dialog is open while
 * `club` is set, and `onSave` gets what its form asks for.
 */
export type ClubDialogProps<Request> = {
  club: AdminClub | null;
  isSaving: boolean;
  onSave: (request: Request) => void;
  onClose: () => void;
};
