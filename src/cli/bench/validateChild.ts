/** Child process of the validation bench (validate.ts): validates one file and reports. */
import { validateText } from '../../scenario/validate';
import { validateOne } from './validate';

const r = validateOne(process.argv[2]!, (text) => validateText(text));
process.send?.(r, () => process.exit(0));
