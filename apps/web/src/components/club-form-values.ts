import type { CreateClubRequestSchema } from '@carta/contract/clubs';
import type { z } from 'zod';

/** The club form's values, nested under `club` as the creation request sends them. */
export type ClubFormValues = z.input<typeof CreateClubRequestSchema>;
