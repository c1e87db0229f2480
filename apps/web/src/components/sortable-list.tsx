import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type SortableRowProps = { id: number; label: string; children: (handle: ReactNode) => ReactNode };

const SortableRow = ({ id, label, children }: SortableRowProps) => {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('sortable.handle', { name: label })}
      size="small"
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicator />
    </IconButton>
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      sx={{
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : 'auto',
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {children(handle)}
    </Box>
  );
};

type SortableListProps<Row extends { id: number }> = {
  rows: Row[];
  labelOf: (row: Row) => string;
  /** A row was dropped at `position` (0-based) in the list. */
  onMove: (row: Row, position: number) => void;
  renderRow: (row: Row, handle: ReactNode) => ReactNode;
};

/**
 * Rows to reorder by dragging the handle with a pointer or a finger, or with the keyboard: focus the
 * handle, Space to lift, arrows to move, Space to drop, Escape to cancel. Announced to screen readers.
 */
export const SortableList = <Row extends { id: number }>({
  rows,
  labelOf,
  onMove,
  renderRow,
}: SortableListProps<Row>) => {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const row = rows.find((candidate) => candidate.id === Number(id));
    return row ? labelOf(row) : '';
  };
  const positionOf = (id: string | number | undefined) => rows.findIndex((row) => row.id === Number(id)) + 1;
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const row = rows.find((candidate) => candidate.id === Number(active.id));
    if (row)
      onMove(
        row,
        rows.findIndex((candidate) => candidate.id === Number(over.id)),
      );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        screenReaderInstructions: { draggable: t('sortable.instructions') },
        announcements: {
          onDragStart: ({ active }) =>
            t('sortable.picked', { name: nameOf(active.id), position: positionOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('sortable.over', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            t('sortable.dropped', { name: nameOf(active.id), position: positionOf(over?.id ?? active.id) }),
          onDragCancel: ({ active }) => t('sortable.cancelled', { name: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((row) => (
            <SortableRow key={row.id} id={row.id} label={labelOf(row)}>
              {(handle) => renderRow(row, handle)}
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
};
