import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { FieldTitle, useInput, useNotify, useResourceContext, type InputProps } from 'react-admin';
import { useCabinetData } from '../agency/useAgency';
import { useCabinetTranslate } from '../i18n/translate';

/**
 * An image of a post, a rubric, a slide or an object: uploaded through /api/cabinet/content-images,
 * its path (/storage/…) is the field's value; a preview shows it.
 */
export function ContentImageInput(props: InputProps) {
  const { field, fieldState, isRequired } = useInput(props);
  const resource = useResourceContext(props);
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const data = useCabinetData();
  const picker = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => data.uploadContentImage(file),
    onSuccess: (image) => field.onChange(image.path),
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const path = typeof field.value === 'string' && field.value ? field.value : null;
  return (
    <Stack spacing={1} sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        <FieldTitle label={props.label} source={props.source} resource={resource} isRequired={isRequired} />
      </Typography>
      {path && (
        <Box
          component="img"
          src={path}
          alt=""
          sx={{ maxWidth: 320, maxHeight: 180, objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
      )}
      <Stack direction="row" spacing={1} alignItems="center">
        <Button
          variant="outlined"
          size="small"
          startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={upload.isPending}
          onClick={() => picker.current?.click()}
        >
          {translate('moderation.uploadImage')}
        </Button>
        {path && !isRequired && (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('moderation.removeImage')}
          </Button>
        )}
      </Stack>
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid={`upload-${props.source}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
          e.target.value = '';
        }}
      />
      {fieldState.error && (
        <FormHelperText error>{translate(fieldState.error.message as never)}</FormHelperText>
      )}
    </Stack>
  );
}
