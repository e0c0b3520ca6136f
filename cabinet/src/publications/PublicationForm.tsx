import { Grid, Typography } from '@mui/material';
import {
  FormDataConsumer,
  maxLength,
  maxValue,
  minLength,
  minValue,
  NullableBooleanInput,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import {
  BATHROOM_CHOICES,
  characteristicsOf,
  type Characteristic,
  DEAL_CHOICES,
  FLAG_FIELDS,
  PROPERTY_TYPE_CHOICES,
  REPAIR_CHOICES,
} from './choices';
import { AddressInput } from './AddressInput';
import { ComplexInput } from './ComplexInput';
import { LocationInput } from './LocationInput';
import { PhotosInput } from './PhotosInput';
import { useCabinetTranslate } from '../i18n/translate';

/** an empty select is 'not told': null on the wire */
const NOT_TOLD = { parse: (v: unknown) => (v === '' ? null : v), format: (v: unknown) => v ?? '' };

const number = (source: string, props: Partial<Parameters<typeof NumberInput>[0]> = {}) => (
  <Grid key={source} size={{ xs: 6, sm: 3 }}>
    <NumberInput source={source} fullWidth {...props} />
  </Grid>
);

/**
 * The publication form shared by create and edit; the server validates again and its field errors
 * show here. Every characteristic a listing is filtered by can be told; an empty one is 'not told'.
 */
export function PublicationForm({ editing = false }: { editing?: boolean }) {
  const translate = useCabinetTranslate();
  return (
    <SimpleForm>
      <Grid container spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="dealCategory"
            choices={DEAL_CHOICES}
            validate={required()}
            disabled={editing}
            fullWidth
            helperText={editing ? 'resources.publications.form.dealCategoryFixed' : false}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="propertyType"
            choices={PROPERTY_TYPE_CHOICES}
            validate={required()}
            defaultValue={1}
            fullWidth
          />
        </Grid>
        <Grid size={12}>
          <TextInput source="title" validate={[required(), minLength(3), maxLength(200)]} fullWidth />
        </Grid>
        <Grid size={12}>
          <TextInput source="description" multiline minRows={4} validate={maxLength(3000)} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberInput source="price" validate={[required(), minValue(1)]} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <LocationInput source="locationId" validate={required()} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <ComplexInput />
        </Grid>
        <Grid size={12}>
          <AddressInput />
        </Grid>
        <Grid size={12}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {translate('resources.publications.photos.title')}
          </Typography>
          <PhotosInput />
        </Grid>
        <Grid size={12}>
          <Typography variant="subtitle1">
            {translate('resources.publications.fields.characteristics')}
          </Typography>
        </Grid>
        <FormDataConsumer<{ dealCategory?: string; propertyType?: number }>>
          {({ formData }) => (
            <Characteristics fits={characteristicsOf(formData.dealCategory, formData.propertyType)} />
          )}
        </FormDataConsumer>
      </Grid>
    </SimpleForm>
  );
}

/** The characteristics that fit the listing's deal and property type (choices.ts), in the spec's order. */
function Characteristics({ fits }: { fits: Set<Characteristic> }) {
  return (
    <>
      {fits.has('roomCount') &&
        number('roomCount', { min: 0, helperText: 'resources.publications.form.studio' })}
      {fits.has('totalArea') && number('totalArea', { min: 1 })}
      {fits.has('livingArea') && number('livingArea', { min: 1 })}
      {fits.has('kitchenArea') && number('kitchenArea', { min: 1 })}
      {fits.has('floor') && number('floor')}
      {fits.has('floorsCount') && number('floorsCount', { min: 1 })}
      {fits.has('buildYear') && number('buildYear', { min: 1700, max: 2100 })}
      {fits.has('ceilingHeight') &&
        number('ceilingHeight', { min: 1.5, max: 10, step: 0.05, validate: [minValue(1.5), maxValue(10)] })}
      {fits.has('bathroomType') && (
        <Grid size={{ xs: 6, sm: 3 }}>
          <SelectInput
            source="bathroomType"
            choices={BATHROOM_CHOICES}
            emptyText="resources.publications.form.notToldSelect"
            {...NOT_TOLD}
            fullWidth
          />
        </Grid>
      )}
      {fits.has('repairType') && (
        <Grid size={{ xs: 6, sm: 3 }}>
          <SelectInput
            source="repairType"
            choices={REPAIR_CHOICES}
            emptyText="resources.publications.form.notToldSelect"
            {...NOT_TOLD}
            fullWidth
          />
        </Grid>
      )}
      {fits.has('deposit') && number('deposit', { min: 0 })}
      {fits.has('clientFee') && number('clientFee', { min: 0, max: 100 })}
      {fits.has('guestsCount') && number('guestsCount', { min: 1 })}
      {FLAG_FIELDS.filter((source) => fits.has(source)).map((source) => (
        <Grid key={source} size={{ xs: 6, sm: 3 }}>
          {/* «Да» and «Нет» are react-admin's own (ra.boolean.true and ra.boolean.false, ra-language-russian) */}
          <NullableBooleanInput
            source={source}
            nullLabel="resources.publications.form.notToldFlag"
            trueLabel="ra.boolean.true"
            falseLabel="ra.boolean.false"
            fullWidth
          />
        </Grid>
      ))}
    </>
  );
}
