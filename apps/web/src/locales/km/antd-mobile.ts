// biome-ignore-all lint/suspicious/noTemplateCurlyInString: antd-mobile fills these ${label}-style placeholders itself.
import type { Locale } from 'antd-mobile/es/locales/base';
import { base } from 'antd-mobile/es/locales/base';

// antd-mobile ships no Khmer locale: this follows the shape of its en-US locale (`base`).
const typeTemplate = '${label} មិនមែនជា ${type} ដែលត្រឹមត្រូវទេ';

export const kmKH: Locale = {
  ...base,
  locale: 'km-KH',
  common: { confirm: 'យល់ព្រម', cancel: 'បោះបង់', loading: 'កំពុងផ្ទុក', close: 'បិទ' },
  Calendar: {
    title: 'ជ្រើសរើសកាលបរិច្ឆេទ',
    confirm: 'យល់ព្រម',
    start: 'ចាប់ផ្ដើម',
    end: 'បញ្ចប់',
    startAndEnd: 'ចាប់ផ្ដើម/បញ្ចប់',
    today: 'ថ្ងៃនេះ',
    markItems: ['ច', 'អ', 'ព', 'ព្រ', 'សុ', 'ស', 'អា'],
    yearAndMonth: '${month}/${year}',
  },
  Cascader: { placeholder: 'កំពុងជ្រើសរើស' },
  Dialog: { ok: 'យល់ព្រម' },
  DatePicker: { tillNow: 'រហូតមកដល់បច្ចុប្បន្ន' },
  ErrorBlock: {
    default: { title: 'អូ៎ មានបញ្ហាអ្វីមួយកើតឡើង', description: 'សូមរង់ចាំបន្តិច ហើយព្យាយាមម្តងទៀត' },
    busy: { title: 'អូ៎ មិនអាចផ្ទុកបានទេ', description: 'សូមផ្ទុកទំព័រឡើងវិញ' },
    disconnected: { title: 'បណ្ដាញកំពុងរវល់', description: 'សូមផ្ទុកទំព័រឡើងវិញ' },
    empty: { title: 'រកមិនឃើញអ្វីទេ...', description: 'សាកល្បងស្វែងរកម្តងទៀតទេ?' },
  },
  Form: {
    required: 'ត្រូវការ',
    optional: 'ស្រេចចិត្ត',
    defaultValidateMessages: {
      default: 'កំហុសក្នុងការផ្ទៀងផ្ទាត់ ${label}',
      required: 'សូមបញ្ចូល ${label}',
      enum: '${label} ត្រូវតែជាមួយក្នុងចំណោម [${enum}]',
      whitespace: '${label} មិនអាចទទេបានទេ',
      date: {
        format: 'ទម្រង់កាលបរិច្ឆេទនៃ ${label} មិនត្រឹមត្រូវ',
        parse: '${label} មិនអាចបំប្លែងទៅជាកាលបរិច្ឆេទបានទេ',
        invalid: '${label} ជាកាលបរិច្ឆេទមិនត្រឹមត្រូវ',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: '${label} ត្រូវមាន ${len} តួអក្សរ',
        min: '${label} ត្រូវមានយ៉ាងតិច ${min} តួអក្សរ',
        max: '${label} មិនអាចលើសពី ${max} តួអក្សរ',
        range: '${label} ត្រូវមានចន្លោះពី ${min} ដល់ ${max} តួអក្សរ',
      },
      number: {
        len: '${label} ត្រូវស្មើនឹង ${len}',
        min: '${label} ត្រូវមានតម្លៃយ៉ាងតិច ${min}',
        max: '${label} ត្រូវមានតម្លៃយ៉ាងច្រើន ${max}',
        range: '${label} ត្រូវនៅចន្លោះ ${min} ដល់ ${max}',
      },
      array: {
        len: 'ត្រូវមាន ${len} ${label}',
        min: 'យ៉ាងតិច ${min} ${label}',
        max: 'យ៉ាងច្រើន ${max} ${label}',
        range: 'ចំនួន ${label} ត្រូវនៅចន្លោះ ${min} ដល់ ${max}',
      },
      pattern: { mismatch: '${label} មិនត្រូវនឹងលំនាំ ${pattern}' },
    },
  },
  ImageUploader: { uploading: 'កំពុងផ្ទុកឡើង...', upload: 'ផ្ទុកឡើង' },
  InfiniteScroll: { noMore: 'គ្មានទៀតទេ', failedToLoad: 'ផ្ទុកមិនបានសម្រេច', retry: 'ព្យាយាមម្តងទៀត' },
  Input: { clear: 'សម្អាត' },
  Mask: { name: 'ស្រទាប់បាំង' },
  Modal: { ok: 'យល់ព្រម' },
  NumberKeyboard: { backspace: 'លុបថយក្រោយ' },
  PasscodeInput: { name: 'បញ្ចូលលេខសម្ងាត់' },
  PullToRefresh: {
    pulling: 'ទាញចុះដើម្បីផ្ទុកឡើងវិញ',
    canRelease: 'លែងដៃដើម្បីផ្ទុកឡើងវិញភ្លាម',
    complete: 'ផ្ទុកឡើងវិញបានសម្រេច',
  },
  SearchBar: { name: 'របារស្វែងរក' },
  Slider: { name: 'គ្រាប់រំកិល' },
  Stepper: { decrease: 'បន្ថយ', increase: 'បង្កើន' },
  Switch: { name: 'កុងតាក់' },
  Selector: { name: 'ជម្រើស' },
};
