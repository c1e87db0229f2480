import type { MenuSection } from '@carta/contract/entities';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type SectionRowProps = {
  section: MenuSection;
  /** The drag handle the sortable list gives the row. */
  handle: ReactNode;
  /** The category's items screen. */
  itemsPath: string;
  onVisibleChange: (isVisible: boolean) => void;
  onRename: () => void;
  onDelete: () => void;
};

/** One category in its menu's list: its name to open it, how many items, shown or hidden, rename, delete. */
export const SectionRow = ({
  section,
  handle,
  itemsPath,
  onVisibleChange,
  onRename,
  onDelete,
}: SectionRowProps) => {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="section-row">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {handle}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={itemsPath}
            color="text.primary"
            sx={{
              fontWeight: 600,
              display: 'inline-flex',
              alignItems: 'center',
              overflowWrap: 'anywhere',
            }}
          >
            {section.name}
            <ChevronRight fontSize="small" aria-hidden />
          </Link>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('sections.itemCount', { count: section.items.length })}
            </Typography>
            {section.disabled && <Chip size="small" color="warning" label={t('sections.hidden')} />}
          </Stack>
        </Box>
        <Tooltip title={section.disabled ? t('sections.hidden') : t('sections.visible')}>
          <Switch
            checked={!section.disabled}
            onChange={(event) => onVisibleChange(event.target.checked)}
            slotProps={{
              input: { 'aria-label': t('sections.visibleLabel', { name: section.name }) },
            }}
          />
        </Tooltip>
        <Tooltip title={t('sections.rename')}>
          <IconButton aria-label={t('sections.renameNamed', { name: section.name })} onClick={onRename}>
            <DriveFileRenameOutline />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('common.delete')}>
          <IconButton aria-label={t('sections.deleteNamed', { name: section.name })} onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
};
