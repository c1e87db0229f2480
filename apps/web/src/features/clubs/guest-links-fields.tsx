import { GUEST_LINK_URL_MAX, WIFI_NAME_MAX, WIFI_PASSWORD_MAX } from '@carta/contract/club-links';
import Stack from '@mui/material/Stack';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field.tsx';

/** The five links' names, as the club's fields and the form under `club` call them. */
type LinkName = 'googleReviewUrl' | 'bookingUrl' | 'deliveryUrl';

/**
 * The links guests look for (docs/product.md, Club links), each optional with a line of help: a review,
 * a booking, a delivery link, and the Wi-Fi, whose password guests see only on tap.
 */
export const GuestLinksFields = <Values extends FieldValues>() => {
  const { t } = useTranslation();
  const link = (name: LinkName, placeholder: string) => (
    <FormTextField<Values>
      name={`club.${name}` as Path<Values>}
      label={t(`contacts.${name}`)}
      helperText={t(`contacts.${name}Help`)}
      placeholder={placeholder}
      type="url"
      inputMode="url"
      slotProps={{ htmlInput: { maxLength: GUEST_LINK_URL_MAX } }}
    />
  );
  return (
    <Stack spacing={2}>
      {link('googleReviewUrl', 'https://g.page/r/…/review')}
      {link('bookingUrl', 'https://')}
      {link('deliveryUrl', 'https://')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField<Values>
          name={'club.wifiName' as Path<Values>}
          label={t('contacts.wifiName')}
          helperText={t('contacts.wifiNameHelp')}
          autoComplete="off"
          spellCheck={false}
          slotProps={{ htmlInput: { maxLength: WIFI_NAME_MAX } }}
        />
        <FormTextField<Values>
          name={'club.wifiPassword' as Path<Values>}
          label={t('contacts.wifiPassword')}
          helperText={t('contacts.wifiPasswordHelp')}
          autoComplete="off"
          spellCheck={false}
          slotProps={{ htmlInput: { maxLength: WIFI_PASSWORD_MAX, autoCapitalize: 'none' } }}
        />
      </Stack>
    </Stack>
  );
};
