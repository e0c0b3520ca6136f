import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { eraseAccount, sendEraseCode } from '../auth';
import { CodeStep } from '../codeEntry';
import { ApiError } from '../http';
import { formatPhone } from '../phone';
import { exportMyData } from '../profile';
import type { ProfileDto } from '../types';
import { Section } from './ProfileSections';
import { MY_DATA_TEXTS } from './texts';

/** Saves a text as a file the browser downloads, named `name`. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

const failureText = (e: unknown) => (e instanceof ApiError ? e.message : MY_DATA_TEXTS.failed);

/**
 * A person's own data (issue 43: 152-ФЗ's and the GDPR's rights of access and erasure): a copy of all
 * of it as JSON, and the account's erasure, confirmed by a code sent to the account's phone. Once
 * erased, `onErased` leads away (the server has ended the session).
 */
export function MyDataSection({ me, onErased }: { me: ProfileDto; onErased: () => void }) {
  const texts = MY_DATA_TEXTS;
  const [asked, setAsked] = useState(false);
  const [endTime, setEndTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requestCode = async () => setEndTime((await sendEraseCode()).data.endTime);
  return (
    <Section title={texts.title}>
      <Stack spacing={2} alignItems="flex-start">
        <Typography color="text.secondary">{texts.copyHint}</Typography>
        <Button
          variant="outlined"
          onClick={() =>
            void exportMyData().then(
              (copy) => download('my-data.json', JSON.stringify(copy.data, null, 2)),
              (e: unknown) => setError(failureText(e)),
            )
          }
        >
          {texts.download}
        </Button>
        {!asked && (
          <Button color="error" onClick={() => setAsked(true)}>
            {texts.erase}
          </Button>
        )}
        {asked && !endTime && (
          <Alert severity="warning" sx={{ width: '100%' }}>
            <Typography mb={2}>{texts.eraseWarning.replace('%{phone}', formatPhone(me.phone))}</Typography>
            <Stack direction="row" spacing={2}>
              <Button
                variant="contained"
                color="error"
                onClick={() => void requestCode().catch((e: unknown) => setError(failureText(e)))}
              >
                {texts.getCode}
              </Button>
              <Button onClick={() => setAsked(false)}>{texts.cancel}</Button>
            </Stack>
          </Alert>
        )}
        {asked && endTime && (
          <CodeStep
            phone={me.phone}
            endTime={endTime}
            onResend={requestCode}
            onBack={() => setEndTime(null)}
            onSubmit={async (code) => {
              await eraseAccount(code);
              onErased();
            }}
          />
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </Section>
  );
}
