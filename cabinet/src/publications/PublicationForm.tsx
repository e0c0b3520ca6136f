import { Grid } from '@mui/material';
import { maxLength, minLength, minValue, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { DEAL_CHOICES, PROPERTY_TYPE_CHOICES } from './choices';
import { LocationInput } from './LocationInput';

/** The publication form shared by create and edit; the server validates again and its field errors show here. */
export function PublicationForm({ editing = false }: { editing?: boolean }) {
  return (
    <SimpleForm>
      <Grid container spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="dealCategory" choices={DEAL_CHOICES} validate={required()} disabled={editing} fullWidth
            helperText={editing ? 'Тип сделки не меняется после создания' : false} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="propertyType" choices={PROPERTY_TYPE_CHOICES} validate={required()} defaultValue={1} fullWidth />
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
        <Grid size={{ xs: 12, sm: 4 }}>
          <LocationInput source="locationId" label="Местоположение" validate={required()} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberInput source="roomCount" min={0} fullWidth />
        </Grid>
        <Grid size={12}>
          <TextInput source="address.fullAddress" label="Адрес" validate={[required(), minLength(3)]} fullWidth />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}><NumberInput source="totalArea" min={1} fullWidth /></Grid>
        <Grid size={{ xs: 6, sm: 3 }}><NumberInput source="kitchenArea" min={1} fullWidth /></Grid>
        <Grid size={{ xs: 6, sm: 3 }}><NumberInput source="floor" fullWidth /></Grid>
        <Grid size={{ xs: 6, sm: 3 }}><NumberInput source="floorsCount" min={1} fullWidth /></Grid>
      </Grid>
    </SimpleForm>
  );
}
