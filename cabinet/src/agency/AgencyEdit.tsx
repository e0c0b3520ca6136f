import { Alert, Typography } from '@mui/material';
import {
  BooleanInput,
  CheckboxGroupInput,
  Edit,
  FormDataConsumer,
  ImageField,
  ImageInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useStaff } from './useAgency';
import { ROLES } from '../staff';
import type { Agency } from '../types';
import { useCabinetTranslate } from '../i18n/translate';

const DESCRIPTION_LIMIT = 240;
/** the spec's limit of an avatar (api.md: jpg or png up to 10 MB) */
const AVATAR_BYTES = 10 * 1024 * 1024;

export const LEGAL_ENTITY_CHOICES = [
  { id: 1, name: 'cabinet.agency.legalEntity.company' },
  { id: 2, name: 'cabinet.agency.legalEntity.entrepreneur' },
  { id: 3, name: 'cabinet.agency.legalEntity.realtor' },
];

/**
 * product.md's "specialization checkbox groups": what the agency deals in and with which property,
 * stored as these ids (docs/decisions.md).
 */
export const SPECIALIZATION_GROUPS = {
  deals: ['sale', 'rent', 'daily-rent', 'new-builds'],
  properties: ['flats', 'rooms', 'houses', 'land', 'commercial'],
} as const;
const choicesOf = (ids: readonly string[]) =>
  ids.map((id) => ({ id, name: `cabinet.agency.specializations.${id}` }));

/** the saved logo, above the field that replaces it */
function CurrentAvatar() {
  const agency = useRecordContext<Agency>();
  const translate = useCabinetTranslate();
  if (!agency?.avatar) return null;
  return (
    <img
      src={agency.avatar}
      alt={translate('cabinet.agency.avatarAlt')}
      width={96}
      height={96}
      style={{ objectFit: 'cover', borderRadius: 8 }}
    />
  );
}

const OwnerToolbar = () => (
  <Toolbar>
    <SaveButton alwaysEnable={false} />
  </Toolbar>
);

/**
 * 'Моё агентство' (product.md Agency): react-admin's edit of the `agencies` resource, the caller's
 * own. The owner edits it; an agent reads it. The server's rules (INN 10 or 12 digits, KPP for a
 * company only, description up to 240 characters) answer under each field.
 */
export function AgencyEdit() {
  const { agencyId, role } = useStaff();
  const translate = useCabinetTranslate();
  const notify = useNotify();
  if (!agencyId) return null;
  const owner = role === ROLES.AGENCY_OWNER;
  return (
    <Edit
      resource="agencies"
      id={agencyId}
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess: () => notify('cabinet.agency.saved', { type: 'success' }) }}
      title="cabinet.agency.title"
      actions={false}
      sx={{ maxWidth: 720 }}
    >
      <SimpleForm toolbar={owner ? <OwnerToolbar /> : false}>
        {!owner && <Alert severity="info">{translate('cabinet.agency.ownerOnly')}</Alert>}
        <CurrentAvatar />
        {owner && (
          <ImageInput
            source="avatarFile"
            accept={{ 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] }}
            maxSize={AVATAR_BYTES}
            helperText="cabinet.agency.avatarHint"
          >
            <ImageField source="src" title="title" />
          </ImageInput>
        )}
        <TextInput readOnly={!owner} source="name" validate={required()} fullWidth />
        <SelectInput
          readOnly={!owner}
          source="legalEntity"
          choices={LEGAL_ENTITY_CHOICES}
          validate={required()}
        />
        <TextInput
          readOnly={!owner}
          source="inn"
          parse={(v: string) => v.replace(/\D/g, '')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          fullWidth
        />
        <FormDataConsumer<Agency>>
          {({ formData }) =>
            formData.legalEntity === 1 && (
              <TextInput
                readOnly={!owner}
                source="kpp"
                parse={(v: string) => v.replace(/\D/g, '')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
                fullWidth
              />
            )
          }
        </FormDataConsumer>
        <TextInput
          readOnly={!owner}
          source="accountNumber"
          parse={(v: string) => v.replace(/\D/g, '')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          fullWidth
        />
        <TextInput readOnly={!owner} source="siteLink" fullWidth />
        <TextInput readOnly={!owner} source="email" type="email" fullWidth />
        <FormDataConsumer<Agency>>
          {({ formData }) => (
            <TextInput
              readOnly={!owner}
              source="description"
              multiline
              minRows={3}
              fullWidth
              parse={(v: string) => v.slice(0, DESCRIPTION_LIMIT)}
              helperText={`${(formData.description ?? '').length}/${DESCRIPTION_LIMIT}`}
            />
          )}
        </FormDataConsumer>
        <BooleanInput
          readOnly={!owner}
          source="canViewInCatalog"
          format={(v: number) => v === 1}
          parse={(v: boolean) => (v ? 1 : 0)}
        />
        <Typography variant="subtitle1">{translate('cabinet.agency.specializationsTitle')}</Typography>
        <CheckboxGroupInput
          readOnly={!owner}
          source="specializations"
          label="cabinet.agency.deals"
          choices={choicesOf(SPECIALIZATION_GROUPS.deals)}
          format={(v: string[] | undefined) => v ?? []}
        />
        <CheckboxGroupInput
          readOnly={!owner}
          source="specializations"
          label="cabinet.agency.properties"
          choices={choicesOf(SPECIALIZATION_GROUPS.properties)}
          format={(v: string[] | undefined) => v ?? []}
        />
      </SimpleForm>
    </Edit>
  );
}
