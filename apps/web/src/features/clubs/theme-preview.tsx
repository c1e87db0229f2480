import type { Theme } from '@carta/contract/entities';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PhoneFrame } from '../../components/phone-frame.tsx';
import { themeFontFamily, useThemeFonts } from '../../components/theme-fonts.ts';

type PreviewTheme = Omit<Theme, 'id'>;

/**
 * A guest's phone showing a menu in the theme: what changes as each colour is edited. The call-waiter
 * button is there only when the club has call waiter on, as on the guest page.
 */
export const ThemePreview = ({
  theme,
  clubName,
  hasCallWaiter,
}: {
  theme: PreviewTheme;
  clubName: string;
  hasCallWaiter: boolean;
}) => {
  const { t } = useTranslation();
  useThemeFonts();
  const font = themeFontFamily(theme.font);
  const dishes = [
    {
      name: t('themeEditor.preview.dish1'),
      text: t('themeEditor.preview.dish1Text'),
      price: '9,00 €',
      label: 'bestSeller' as const,
    },
    {
      name: t('themeEditor.preview.dish2'),
      text: t('themeEditor.preview.dish2Text'),
      price: '12,00 €',
      label: 'suggested' as const,
    },
    {
      name: t('themeEditor.preview.dish3'),
      text: t('themeEditor.preview.dish3Text'),
      price: '7,50 €',
      label: null,
    },
  ];
  return (
    <PhoneFrame
      label={t('themeEditor.preview.label')}
      testId="theme-preview"
      look={{ ...theme, fontFamily: font }}
    >
      <Box sx={{ p: 2, pb: 1.5 }}>
        {/* The venue's name in the main colour, as guests see it: the colour shows with the button off too. */}
        <Box sx={{ fontSize: 20, fontWeight: 700, color: theme.main }}>{clubName}</Box>
        <Box sx={{ fontSize: 13, opacity: 0.8 }}>{t('themeEditor.preview.menuName')}</Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          px: 1.5,
          py: 1,
          bgcolor: theme.tabBackground,
          color: theme.tabText,
          fontSize: 13,
          fontWeight: 600,
        }}
      >
        <Box sx={{ borderBottom: `2px solid ${theme.tabText}`, pb: 0.25 }}>
          {t('themeEditor.preview.tab1')}
        </Box>
        <Box sx={{ opacity: 0.75 }}>{t('themeEditor.preview.tab2')}</Box>
        <Box sx={{ opacity: 0.75 }}>{t('themeEditor.preview.tab3')}</Box>
      </Box>
      <Box sx={{ px: 2, py: 1 }}>
        {dishes.map((dish, index) => (
          <Box
            key={dish.name}
            sx={{ py: 1.25, borderTop: index === 0 ? 'none' : `1px solid ${theme.divider}` }}
          >
            <Box
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontWeight: 600, fontSize: 15 }}
            >
              <span>{dish.name}</span>
              <span>{dish.price}</span>
            </Box>
            <Box sx={{ fontSize: 12.5, opacity: 0.85 }}>{dish.text}</Box>
            {dish.label && (
              <Box
                component="span"
                sx={{
                  display: 'inline-block',
                  mt: 0.5,
                  px: 0.75,
                  borderRadius: 1,
                  fontSize: 11,
                  fontWeight: 700,
                  color: '#ffffff',
                  bgcolor:
                    dish.label === 'bestSeller' ? theme.bestSellerLabelColor : theme.suggestedLabelColor,
                }}
              >
                {t(dish.label === 'bestSeller' ? 'items.markers.bestSeller' : 'items.markers.suggested')}
              </Box>
            )}
          </Box>
        ))}
        {hasCallWaiter && (
          <Box
            data-testid="theme-preview-call-waiter"
            sx={{
              my: 1.5,
              py: 1,
              textAlign: 'center',
              borderRadius: 2,
              fontWeight: 700,
              fontSize: 14,
              bgcolor: theme.main,
              color: theme.buttonText,
            }}
          >
            {t('themeEditor.preview.button')}
          </Box>
        )}
      </Box>
    </PhoneFrame>
  );
};
