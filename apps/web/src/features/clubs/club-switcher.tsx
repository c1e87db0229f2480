import type { OwnedClubSummary } from '@carta/contract/clubs';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LazyMenu } from '../../components/lazy-overlays.tsx';
import { can, clubPathRest, homeSectionOf, screenActionOf } from '../../lib/club-roles.ts';

/**
 * Paths that mean the same thing in every club, when the account's role there opens them; deeper ones (a
 * menu, a category) and the others go to where the role starts.
 */
const samePlaceIn = (pathname: string, club: OwnedClubSummary) => {
  const rest = clubPathRest(pathname);
  const portable = /^(profile(\/(contacts|settings|plan|billing))?|notice|qrcode|payment|service|people)$/;
  const isPortable = portable.test(rest) && can(club.role, screenActionOf(rest));
  return `/clubs/${club.id}/${isPortable ? rest : homeSectionOf(club.role)}`;
};

type ClubSwitcherProps = { clubs: OwnedClubSummary[]; current: OwnedClubSummary | undefined };

/** The open club's name; a menu lists the account's other clubs, with its role where it is not the owner, and leads to a new one. */
export const ClubSwitcher = ({ clubs, current }: ClubSwitcherProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMore />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('clubSwitcher.label', { name: current?.name ?? '' })}
        data-testid="club-switcher"
        sx={{
          minWidth: 0,
          maxWidth: '100%',
          px: { xs: 0.5, sm: 1 },
          justifyContent: 'flex-start',
          textAlign: 'left',
          fontWeight: 600,
          fontSize: { xs: '0.95rem', sm: '1rem' },
        }}
      >
        {/* On a phone the top bar's icons leave the name little room: it takes two lines there before it
            is cut; on wider screens one line has room for it. */}
        <Box
          component="span"
          data-testid="club-name"
          sx={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            overflowWrap: 'anywhere',
            lineHeight: 1.25,
            display: { xs: '-webkit-box', sm: 'block' },
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: { xs: 2, sm: 'none' },
            whiteSpace: { xs: 'normal', sm: 'nowrap' },
          }}
        >
          {current?.name ?? t('clubSwitcher.choose')}
        </Box>
      </Button>
      <LazyMenu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {clubs.map((club) => {
          const isCurrent = club.id === current?.id;
          return (
            <MenuItem
              key={club.id}
              component={RouterLink}
              to={samePlaceIn(pathname, club)}
              onClick={close}
              selected={isCurrent}
              aria-current={isCurrent ? 'page' : undefined}
            >
              <ListItemIcon>{isCurrent && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={club.name}
                secondary={club.state === 'active' ? undefined : t(`clubState.${club.state}.label`)}
                slotProps={{ primary: { noWrap: true } }}
              />
              {club.role !== 'owner' && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(`clubSwitcher.roles.${club.role}`)}
                  sx={{ ml: 1.5, flexShrink: 0 }}
                />
              )}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to="/clubs/new" onClick={close}>
          <ListItemIcon>
            <AddBusinessOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('clubSwitcher.newClub')} />
        </MenuItem>
      </LazyMenu>
    </>
  );
};
