import type { LocalisedText } from '../db/schema';

/** The eight demo service kinds: name and description in every language. */
export const SERVICE_KINDS: {
  code: string;
  names: LocalisedText;
  descriptions: LocalisedText;
  durationMinutes: number;
  /** US cents in Phnom Penh: price, member price, extra-clock price. */
  cents: [number, number, number];
  extraUnitMinutes: number;
}[] = [
  {
    code: 'khmer',
    names: {
      en: 'Khmer Traditional Massage',
      km: 'ម៉ាស្សាបុរាណខ្មែរ',
      th: 'นวดแผนโบราณเขมร',
      vi: 'Massage truyền thống Khmer',
      'zh-CN': '高棉传统按摩',
      'zh-TW': '高棉傳統按摩',
    },
    descriptions: {
      en: 'Full-body pressing and stretching along energy lines, done fully clothed on a mat: the classic Cambodian massage that relieves stiffness and fatigue.',
      km: 'ការចុច និងលាតសន្ធឹងពេញខ្លួនតាមខ្សែថាមពល ដោយស្លៀកពាក់ពេញលេញលើកន្ទេល៖ ម៉ាស្សាបុរាណកម្ពុជាដែលបំបាត់ភាពរឹង និងភាពនឿយហត់។',
      th: 'การกดและยืดเหยียดทั่วร่างกายตามแนวเส้นพลังงาน โดยสวมเสื้อผ้าบนเบาะ: การนวดแบบกัมพูชาดั้งเดิมที่ช่วยคลายความตึงและความเหนื่อยล้า',
      vi: 'Ấn huyệt và kéo giãn toàn thân theo các đường năng lượng, mặc nguyên quần áo trên nệm: kiểu massage cổ truyền Campuchia giúp giảm đau mỏi và mệt nhọc.',
      'zh-CN': '沿经络进行全身按压与拉伸，穿着衣物在垫上进行：经典柬埔寨按摩，缓解僵硬与疲劳。',
      'zh-TW': '沿經絡進行全身按壓與伸展，穿著衣物在墊上進行：經典柬埔寨按摩，緩解僵硬與疲勞。',
    },
    durationMinutes: 60,
    cents: [1200, 1050, 600],
    extraUnitMinutes: 30,
  },
  {
    code: 'thai',
    names: {
      en: 'Thai Massage',
      km: 'ម៉ាស្សាថៃ',
      th: 'นวดไทย',
      vi: 'Massage Thái',
      'zh-CN': '泰式按摩',
      'zh-TW': '泰式按摩',
    },
    descriptions: {
      en: 'Assisted yoga-like stretches and rhythmic pressure that open the hips, back and shoulders and leave you light and flexible.',
      km: 'ការលាតសន្ធឹងដូចយូហ្គា និងការចុចតាមចង្វាក់ ដែលបន្ធូរត្រគាក ខ្នង និងស្មា ធ្វើឱ្យអ្នកស្រាល និងបត់បែន។',
      th: 'การยืดเหยียดคล้ายโยคะและการกดเป็นจังหวะ ช่วยเปิดสะโพก หลัง และไหล่ ให้รู้สึกเบาสบายและยืดหยุ่น',
      vi: 'Các động tác kéo giãn như yoga kết hợp ấn nhịp nhàng, giúp mở hông, lưng và vai, mang lại cảm giác nhẹ nhõm, dẻo dai.',
      'zh-CN': '类似瑜伽的辅助拉伸配合有节奏的按压，舒展髋部、背部和肩膀，让身体轻盈柔软。',
      'zh-TW': '類似瑜伽的輔助伸展配合有節奏的按壓，舒展髖部、背部和肩膀，讓身體輕盈柔軟。',
    },
    durationMinutes: 60,
    cents: [1500, 1300, 700],
    extraUnitMinutes: 30,
  },
  {
    code: 'foot',
    names: {
      en: 'Foot Reflexology',
      km: 'ម៉ាស្សាបាតជើង',
      th: 'นวดกดจุดฝ่าเท้า',
      vi: 'Bấm huyệt bàn chân',
      'zh-CN': '足底反射疗法',
      'zh-TW': '足底反射療法',
    },
    descriptions: {
      en: 'A warm herbal foot soak followed by pressure on the reflex points of the feet and a massage of the lower legs.',
      km: 'ត្រាំជើងក្នុងទឹកឱសថក្ដៅ បន្ទាប់មកចុចលើចំណុចរំញោចនៃបាតជើង និងម៉ាស្សាកំភួនជើង។',
      th: 'แช่เท้าในน้ำสมุนไพรอุ่น ตามด้วยการกดจุดสะท้อนที่ฝ่าเท้าและนวดน่อง',
      vi: 'Ngâm chân nước thảo dược ấm, sau đó bấm các huyệt phản xạ ở bàn chân và xoa bóp cẳng chân.',
      'zh-CN': '先以温热草药泡脚，再按压足部反射区并按摩小腿。',
      'zh-TW': '先以溫熱草藥泡腳，再按壓足部反射區並按摩小腿。',
    },
    durationMinutes: 60,
    cents: [1000, 850, 500],
    extraUnitMinutes: 30,
  },
  {
    code: 'oil',
    names: {
      en: 'Aromatherapy Oil Massage',
      km: 'ម៉ាស្សាប្រេងក្រអូប',
      th: 'นวดน้ำมันอโรมา',
      vi: 'Massage dầu thơm trị liệu',
      'zh-CN': '芳香精油按摩',
      'zh-TW': '芳香精油按摩',
    },
    descriptions: {
      en: 'Long, flowing strokes with warm essential oil of your choice (lemongrass, jasmine or lavender) to calm the mind and soften tired muscles.',
      km: 'ការអង្អែលវែងៗ ជាមួយប្រេងក្រអូបក្ដៅតាមជម្រើសរបស់អ្នក (ស្លឹកគ្រៃ ម្លិះ ឬឡាវេនឌ័រ) ដើម្បីស្ងប់អារម្មណ៍ និងបន្ធូរសាច់ដុំ។',
      th: 'ลูบไล้ยาวต่อเนื่องด้วยน้ำมันหอมระเหยอุ่นที่คุณเลือก (ตะไคร้ มะลิ หรือลาเวนเดอร์) ช่วยให้จิตใจสงบและคลายกล้ามเนื้อ',
      vi: 'Những đường vuốt dài, êm với tinh dầu ấm tùy chọn (sả, hoa nhài hoặc oải hương) giúp thư thái tinh thần và thả lỏng cơ bắp.',
      'zh-CN': '以您选择的温热精油（香茅、茉莉或薰衣草）进行悠长流畅的推抚，放松身心、舒缓疲惫肌肉。',
      'zh-TW': '以您選擇的溫熱精油（香茅、茉莉或薰衣草）進行悠長流暢的推撫，放鬆身心、舒緩疲憊肌肉。',
    },
    durationMinutes: 90,
    cents: [2500, 2200, 800],
    extraUnitMinutes: 30,
  },
  {
    code: 'stone',
    names: {
      en: 'Hot Stone Massage',
      km: 'ម៉ាស្សាថ្មក្ដៅ',
      th: 'นวดหินร้อน',
      vi: 'Massage đá nóng',
      'zh-CN': '热石按摩',
      'zh-TW': '熱石按摩',
    },
    descriptions: {
      en: 'Smooth heated basalt stones glide over the body and rest on key points, melting deep tension.',
      km: 'ថ្មបាសាល់ក្ដៅរលោង រំកិលលើរាងកាយ និងដាក់លើចំណុចសំខាន់ៗ ដើម្បីបំបាត់ភាពតានតឹងជ្រៅ។',
      th: 'หินบะซอลต์อุ่นผิวเรียบเลื่อนไปบนร่างกายและวางบนจุดสำคัญ ช่วยคลายความตึงเครียดลึกๆ',
      vi: 'Đá bazan nóng, nhẵn lướt trên cơ thể và đặt lên các điểm chính, làm tan căng cứng sâu.',
      'zh-CN': '光滑的温热玄武岩石在身体上滑动并停留在关键穴位，化解深层紧绷。',
      'zh-TW': '光滑的溫熱玄武岩石在身體上滑動並停留在關鍵穴位，化解深層緊繃。',
    },
    durationMinutes: 90,
    cents: [3000, 2600, 1000],
    extraUnitMinutes: 30,
  },
  {
    code: 'head',
    names: {
      en: 'Head & Shoulder Massage',
      km: 'ម៉ាស្សាក្បាល និងស្មា',
      th: 'นวดศีรษะและบ่าไหล่',
      vi: 'Massage đầu và vai gáy',
      'zh-CN': '头肩按摩',
      'zh-TW': '頭肩按摩',
    },
    descriptions: {
      en: 'Focused work on the scalp, neck and shoulders: ideal after long hours at a desk or on the road.',
      km: 'ផ្ដោតលើស្បែកក្បាល ក និងស្មា៖ ល្អបំផុតបន្ទាប់ពីអង្គុយធ្វើការ ឬធ្វើដំណើរយូរម៉ោង។',
      th: 'เน้นหนังศีรษะ คอ และบ่าไหล่ เหมาะหลังนั่งทำงานหรือเดินทางเป็นเวลานาน',
      vi: 'Tập trung vào da đầu, cổ và vai: lý tưởng sau nhiều giờ ngồi làm việc hoặc di chuyển.',
      'zh-CN': '专注头皮、颈部和肩膀：久坐办公或长途出行后的理想选择。',
      'zh-TW': '專注頭皮、頸部和肩膀：久坐辦公或長途出行後的理想選擇。',
    },
    durationMinutes: 45,
    cents: [900, 800, 500],
    extraUnitMinutes: 30,
  },
  {
    code: 'scrub',
    names: {
      en: 'Body Scrub',
      km: 'ការដុសខាត់ស្បែកខ្លួន',
      th: 'ขัดผิวกาย',
      vi: 'Tẩy tế bào chết toàn thân',
      'zh-CN': '全身磨砂',
      'zh-TW': '全身磨砂',
    },
    descriptions: {
      en: 'A natural scrub of rice, tamarind and coconut polishes the skin, finished with a light moisturising massage.',
      km: 'ការដុសខាត់ធម្មជាតិពីអង្ករ អំពិល និងដូង ធ្វើឱ្យស្បែករលោង បញ្ចប់ដោយម៉ាស្សាផ្ដល់សំណើមស្រាលៗ។',
      th: 'สครับธรรมชาติจากข้าว มะขาม และมะพร้าว ช่วยขัดผิวให้เนียนนุ่ม ปิดท้ายด้วยการนวดบำรุงผิวเบาๆ',
      vi: 'Hỗn hợp tẩy tế bào chết tự nhiên từ gạo, me và dừa giúp da mịn màng, kết thúc bằng massage dưỡng ẩm nhẹ nhàng.',
      'zh-CN': '以大米、罗望子和椰子制成的天然磨砂膏焕亮肌肤，最后配以轻柔的保湿按摩。',
      'zh-TW': '以米、羅望子和椰子製成的天然磨砂膏煥亮肌膚，最後配以輕柔的保濕按摩。',
    },
    durationMinutes: 60,
    cents: [2000, 1700, 800],
    extraUnitMinutes: 30,
  },
  {
    code: 'four_hands',
    names: {
      en: 'Four-Hands Massage',
      km: 'ម៉ាស្សាបួនដៃ',
      th: 'นวดสี่มือ',
      vi: 'Massage bốn tay',
      'zh-CN': '四手按摩',
      'zh-TW': '四手按摩',
    },
    descriptions: {
      en: 'Two therapists work in harmony at the same time for a deeply immersive, balanced massage.',
      km: 'អ្នកម៉ាស្សាពីរនាក់ធ្វើការព្រមគ្នាក្នុងពេលតែមួយ សម្រាប់ម៉ាស្សាដែលស៊ីជម្រៅ និងមានតុល្យភាព។',
      th: 'นักบำบัดสองคนนวดพร้อมกันอย่างกลมกลืน เพื่อประสบการณ์การนวดที่ลึกซึ้งและสมดุล',
      vi: 'Hai kỹ thuật viên phối hợp nhịp nhàng cùng lúc, mang lại trải nghiệm massage sâu và cân bằng.',
      'zh-CN': '两位技师同时默契配合，带来沉浸而平衡的按摩体验。',
      'zh-TW': '兩位技師同時默契配合，帶來沉浸而平衡的按摩體驗。',
    },
    durationMinutes: 60,
    cents: [4000, 3500, 1800],
    extraUnitMinutes: 30,
  },
];

/** A therapist's introduction in every language, from their name, years of practice and main skill. */
export function introduction(name: string, years: number, skill: LocalisedText): LocalisedText {
  return {
    en: `Hello, I am ${name}. I have ${years} years of experience, specialising in ${skill.en}. I listen to what your body needs and adjust the pressure for you.`,
    km: `សួស្ដី ខ្ញុំឈ្មោះ ${name}។ ខ្ញុំមានបទពិសោធន៍ ${years} ឆ្នាំ ជំនាញខាង${skill.km}។ ខ្ញុំស្ដាប់តម្រូវការរាងកាយរបស់អ្នក ហើយកែសម្រួលកម្លាំងចុចសម្រាប់អ្នក។`,
    th: `สวัสดีค่ะ/ครับ ฉันชื่อ ${name} มีประสบการณ์ ${years} ปี เชี่ยวชาญด้าน${skill.th} ฉันใส่ใจความต้องการของร่างกายคุณและปรับน้ำหนักมือให้เหมาะกับคุณ`,
    vi: `Xin chào, tôi là ${name}. Tôi có ${years} năm kinh nghiệm, chuyên về ${skill.vi}. Tôi lắng nghe nhu cầu cơ thể bạn và điều chỉnh lực ấn phù hợp.`,
    'zh-CN': `您好，我是${name}，从业${years}年，擅长${skill['zh-CN']}。我会根据您身体的需要调整力度。`,
    'zh-TW': `您好，我是${name}，從業${years}年，擅長${skill['zh-TW']}。我會根據您身體的需要調整力度。`,
  };
}

export const DISTRICTS: Record<'pp' | 'sr', LocalisedText[]> = {
  pp: [
    { en: 'BKK1, Chamkar Mon', km: 'បឹងកេងកង១ ចំការមន', 'zh-CN': '堆谷区 BKK1', 'zh-TW': '堆谷區 BKK1' },
    { en: 'Toul Kork', km: 'ទួលគោក', 'zh-CN': '桑园区', 'zh-TW': '桑園區' },
    { en: 'Daun Penh, Riverside', km: 'ដូនពេញ មាត់ទន្លេ', 'zh-CN': '隆边区 河边', 'zh-TW': '隆邊區 河邊' },
    { en: 'Sen Sok', km: 'សែនសុខ', 'zh-CN': '森速区', 'zh-TW': '森速區' },
    { en: 'Chroy Changvar', km: 'ជ្រោយចង្វារ', 'zh-CN': '桥头区', 'zh-TW': '橋頭區' },
  ],
  sr: [
    { en: 'Old Market', km: 'ផ្សារចាស់', 'zh-CN': '老市场', 'zh-TW': '老市場' },
    { en: 'Sala Kamreuk', km: 'សាលាកំរើក', 'zh-CN': '萨拉甘勒', 'zh-TW': '薩拉甘勒' },
    { en: 'Svay Dangkum', km: 'ស្វាយដង្គំ', 'zh-CN': '斯外当坤', 'zh-TW': '斯外當坤' },
  ],
};

export const REVIEW_TEXTS = [
  'Very professional and on time. My back feels so much better.',
  'ល្អណាស់ ដៃស្រាល និងយកចិត្តទុកដាក់។',
  '手法很专业，力度刚好，下次还会再约。',
  'Dịch vụ rất tốt, kỹ thuật viên thân thiện.',
  'นวดดีมาก ผ่อนคลายสุดๆ',
  'Great pressure, exactly what I asked for.',
  '服務很好，準時到達，推薦！',
  'Friendly, clean and relaxing. Will book again.',
];

export const REVIEW_AUTHORS = [
  'Sokha',
  'Anna',
  '王先生',
  'Minh',
  'Dara',
  'Ploy',
  'James',
  '林小姐',
  'Vanna',
  'Chris',
];
